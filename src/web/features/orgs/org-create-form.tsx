import type { FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { FormError } from '@/components/form-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, useForm } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useOrgCreateMutation } from '@/data/orgs/org-mutations';
import { notify } from '@/lib/notify';
import { slugOf } from '@/lib/slug';
import { orgHref } from './orgs.utils';

/** A new organization with its creator as the first owner; the slug follows the name until edited. */
export function OrgCreateForm() {
  const intl = useIntl();
  const navigate = useNavigate();
  const form = useForm({ name: '', slug: '' });
  const create = useOrgCreateMutation();
  const slug = form.values.slug || slugOf(form.values.name);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const name = form.values.name.trim();
    if (!name)
      return form.setError(
        intl.formatMessage({ id: 'orgs.create.problem.name', defaultMessage: 'Enter the organization’s name.' }),
        'name',
      );
    try {
      const { organization } = await create.mutateAsync({ name, slug });
      notify.success(
        intl.formatMessage({ id: 'orgs.create.done', defaultMessage: '{name} created' }, { name: organization.name }),
      );
      void navigate(orgHref('member', organization.id));
    } catch (err) {
      form.setServerError(err);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3" className="text-base">
          <FormattedMessage id="orgs.create.title" defaultMessage="Create an organization" />
        </CardTitle>
        <CardDescription>
          <FormattedMessage
            id="orgs.create.description"
            defaultMessage="You become its owner and can invite your team."
          />
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          onSubmit={submit}
          noValidate
          aria-label={intl.formatMessage({ id: 'orgs.create.title', defaultMessage: 'Create an organization' })}
          className="grid gap-4 sm:grid-cols-2"
        >
          <Field
            id="org-name"
            label={intl.formatMessage({ id: 'orgs.create.name', defaultMessage: 'Name' })}
            {...form.field('name')}
          >
            <Input autoComplete="organization" />
          </Field>
          <Field
            id="org-slug"
            label={intl.formatMessage({ id: 'orgs.create.slug', defaultMessage: 'Slug' })}
            hint={intl.formatMessage({
              id: 'orgs.create.slugHint',
              defaultMessage: 'Lower-case letters, digits and dashes.',
            })}
            {...form.field('slug')}
            value={slug}
          >
            <Input autoComplete="off" />
          </Field>
          <div className="space-y-2 sm:col-span-2">
            <FormError {...form.error} />
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? (
                <FormattedMessage id="orgs.create.creating" defaultMessage="Creating…" />
              ) : (
                <FormattedMessage id="orgs.create.submit" defaultMessage="Create organization" />
              )}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

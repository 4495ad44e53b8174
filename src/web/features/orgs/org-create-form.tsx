import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { FormError } from '@/components/form-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, useForm } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useOrgCreateMutation } from '@/data/orgs/org-mutations';
import { notify } from '@/lib/notify';
import { orgHref, slugOf } from './orgs.utils';

/** A new organization with its creator as the first owner; the slug follows the name until edited. */
export function OrgCreateForm() {
  const navigate = useNavigate();
  const form = useForm({ name: '', slug: '' });
  const create = useOrgCreateMutation();
  const slug = form.values.slug || slugOf(form.values.name);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const name = form.values.name.trim();
    if (!name) return form.setError('Enter the organization’s name.', 'name');
    try {
      const { organization } = await create.mutateAsync({ name, slug });
      notify.success(`${organization.name} created`);
      void navigate(orgHref('member', organization.id));
    } catch (err) {
      form.setServerError(err);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3" className="text-base">
          Create an organization
        </CardTitle>
        <CardDescription>You become its owner and can invite your team.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate aria-label="Create an organization" className="grid gap-4 sm:grid-cols-2">
          <Field id="org-name" label="Name" {...form.field('name')}>
            <Input autoComplete="organization" />
          </Field>
          <Field
            id="org-slug"
            label="Slug"
            hint="Lower-case letters, digits and dashes."
            {...form.field('slug')}
            value={slug}
          >
            <Input autoComplete="off" />
          </Field>
          <div className="space-y-2 sm:col-span-2">
            <FormError {...form.error} />
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Creating…' : 'Create organization'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

import { type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { FormError } from '@/components/form-error';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, useForm } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useOrgRoleCreateMutation, useOrgRoleDeleteMutation, useOrgRoleNamesQuery } from '@/data/orgs/org-roles';
import { notify } from '@/lib/notify';
import { roleText } from './orgs.utils';

/** The organization role names: owner, admin, member built in; custom names (recruiter) defined here. */
export function OrgRolesCard() {
  const intl = useIntl();
  const roles = useOrgRoleNamesQuery();
  const form = useForm({ name: '', description: '' });
  const create = useOrgRoleCreateMutation({
    onSuccess: (r) =>
      notify.success(
        intl.formatMessage({ id: 'orgs.roles.defined', defaultMessage: 'Role {name} defined' }, { name: r.name }),
      ),
  });
  const remove = useOrgRoleDeleteMutation({
    onSuccess: () => notify.success(intl.formatMessage({ id: 'orgs.roles.deleted', defaultMessage: 'Role deleted' })),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const name = form.values.name.trim();
    if (!name)
      return form.setError(
        intl.formatMessage({ id: 'orgs.roles.problem.empty', defaultMessage: 'Enter a role name such as recruiter.' }),
        'name',
      );
    try {
      await create.mutateAsync({ name, description: form.values.description.trim() || null });
      form.reset();
    } catch (err) {
      form.setServerError(err);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">
          <FormattedMessage id="orgs.roles.title" defaultMessage="Organization roles" />
        </CardTitle>
        <CardDescription>
          <FormattedMessage
            id="orgs.roles.description"
            defaultMessage="Custom role names every organization may give its members; sister platforms receive them in the <code>organizations</code> claim."
            values={{ code: (chunks) => <code>{chunks}</code> }}
          />
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <QueryState
          query={roles}
          loadingLabel={intl.formatMessage({ id: 'orgs.roles.loading', defaultMessage: 'Loading roles…' })}
          errorTitle={intl.formatMessage({ id: 'orgs.roles.loadError', defaultMessage: 'Could not load the roles' })}
        >
          {(list) => (
            <ul
              className="divide-y"
              aria-label={intl.formatMessage({ id: 'orgs.roles.list', defaultMessage: 'Organization roles' })}
            >
              {list.map((r) => (
                <li key={r.name} className="flex flex-wrap items-center justify-between gap-3 py-2">
                  <div className="min-w-0">
                    <p className="flex items-center gap-2 font-medium">
                      {roleText(intl, r.name)} <code className="text-xs text-muted-foreground">{r.name}</code>
                      {r.built_in && (
                        <Badge variant="secondary">
                          <FormattedMessage id="orgs.roles.builtIn" defaultMessage="Built in" />
                        </Badge>
                      )}
                    </p>
                    {r.description && <p className="text-sm text-muted-foreground">{r.description}</p>}
                  </div>
                  {!r.built_in && (
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => remove.mutate(r.name)}
                      disabled={remove.isPending}
                      aria-label={intl.formatMessage(
                        { id: 'orgs.roles.deleteLabel', defaultMessage: 'Delete the role {name}' },
                        { name: r.name },
                      )}
                    >
                      <FormattedMessage id="orgs.roles.delete" defaultMessage="Delete" />
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </QueryState>
        <form
          onSubmit={submit}
          noValidate
          aria-label={intl.formatMessage({ id: 'orgs.roles.defineLabel', defaultMessage: 'Define a role' })}
          className="grid gap-4 sm:grid-cols-[1fr_2fr_auto] sm:items-end"
        >
          <Field
            id="org-role-name"
            label={intl.formatMessage({ id: 'orgs.roles.name', defaultMessage: 'Role name' })}
            hint={intl.formatMessage({
              id: 'orgs.roles.nameHint',
              defaultMessage: 'Lower-case letters, digits, underscores.',
            })}
            {...form.field('name')}
          >
            <Input placeholder="recruiter" autoComplete="off" />
          </Field>
          <Field
            id="org-role-description"
            label={intl.formatMessage({ id: 'orgs.roles.descriptionField', defaultMessage: 'Description (optional)' })}
            {...form.field('description')}
          >
            <Input autoComplete="off" />
          </Field>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? (
              <FormattedMessage id="orgs.roles.adding" defaultMessage="Adding…" />
            ) : (
              <FormattedMessage id="orgs.roles.add" defaultMessage="Add role" />
            )}
          </Button>
          <div className="sm:col-span-3 empty:hidden">
            <FormError {...form.error} />
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

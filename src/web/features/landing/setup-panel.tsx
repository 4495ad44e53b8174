import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { FormError } from '@/components/form-error';
import { Trash2Icon, UserPlusIcon } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Field } from '@/components/ui/field';
import { Badge } from '@/components/ui/badge';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { useSystemAdminsMutation, type SetupResult } from '@/data/setup/system-admins-mutation';
import { useCleanupMutation, type Cleared } from '@/data/setup/cleanup-mutation';
import { errorText } from '@/lib/error-text';
import { notify } from '@/lib/notify';

const STATUS_VARIANT = { created: 'default', exists: 'secondary', error: 'destructive' } as const;

/** Hidden setup tools, shown on /?setup=true (spec §2); both need the setup key printed at first start. */
export default function SetupPanel() {
  const [key, setKey] = useState('');
  const [results, setResults] = useState<SetupResult[] | null>(null);
  const [cleared, setCleared] = useState<Cleared | null>(null);
  const intl = useIntl();
  const createAdmins = useSystemAdminsMutation({
    onSuccess: setResults,
    onError: (error) =>
      notify.error(
        intl.formatMessage({ id: 'setup.createFailed', defaultMessage: 'Failed to create system administrators' }),
        { error },
      ),
  });
  const cleanup = useCleanupMutation({
    onSuccess: (answer) => {
      setCleared(answer);
      notify.success(intl.formatMessage({ id: 'setup.allDeleted', defaultMessage: 'All users deleted' }));
    },
    // Spec §8: the error message, or 'Cleanup failed'.
    onError: (error) =>
      notify.error(
        errorText(error, {
          refusal: (e) => e.message || undefined,
          unexpected: { id: 'setup.cleanupFailed', defaultMessage: 'Cleanup failed' },
        }),
      ),
  });
  const failed = createAdmins.error ?? cleanup.error;
  const editKey = (value: string) => {
    createAdmins.reset();
    cleanup.reset();
    setKey(value);
  };

  function create() {
    setCleared(null);
    cleanup.reset();
    createAdmins.mutate(key);
  }

  function wipe() {
    setResults(null);
    createAdmins.reset();
    cleanup.mutate(key);
  }

  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle id="setup-heading">
          <FormattedMessage id="setup.title" defaultMessage="System setup" />
        </CardTitle>
        <CardDescription>
          <FormattedMessage
            id="setup.intro"
            defaultMessage="One-time tools for a new installation. Each needs the setup key printed at first start."
          />
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <Field
          id="setup-key"
          label={intl.formatMessage({ id: 'setup.key', defaultMessage: 'Setup key' })}
          className="max-w-md"
          value={key}
          onChange={(e) => editKey(e.target.value)}
        >
          <Input type="password" autoComplete="off" />
        </Field>
        <div className="flex flex-wrap gap-3">
          <Button onClick={create} disabled={!key || createAdmins.isPending}>
            <UserPlusIcon />{' '}
            {createAdmins.isPending ? (
              <FormattedMessage id="setup.creating" defaultMessage="Creating..." />
            ) : (
              <FormattedMessage id="setup.create" defaultMessage="Create system administrators" />
            )}
          </Button>
          <AlertDialog>
            <AlertDialogTrigger asChild>
              <Button variant="destructive" disabled={!key || cleanup.isPending}>
                <Trash2Icon />{' '}
                {cleanup.isPending ? (
                  <FormattedMessage id="setup.deleting" defaultMessage="Deleting..." />
                ) : (
                  <FormattedMessage id="setup.deleteAll" defaultMessage="Delete all users" />
                )}
              </Button>
            </AlertDialogTrigger>
            <AlertDialogContent>
              <AlertDialogHeader>
                <AlertDialogTitle>
                  <FormattedMessage id="setup.confirmTitle" defaultMessage="Delete all users?" />
                </AlertDialogTitle>
                <AlertDialogDescription>
                  <FormattedMessage
                    id="setup.confirmBody"
                    defaultMessage="This permanently deletes every user, role assignment, session and audit log entry. It cannot be undone."
                  />
                </AlertDialogDescription>
              </AlertDialogHeader>
              <AlertDialogFooter>
                <AlertDialogCancel>
                  <FormattedMessage id="common.cancel" defaultMessage="Cancel" />
                </AlertDialogCancel>
                <AlertDialogAction onClick={wipe} className="bg-destructive text-white hover:bg-destructive/90">
                  <FormattedMessage id="setup.deleteEverything" defaultMessage="Delete everything" />
                </AlertDialogAction>
              </AlertDialogFooter>
            </AlertDialogContent>
          </AlertDialog>
        </div>

        <FormError message={failed ? errorText(failed) : null} />
        {results && (
          <ul
            className="space-y-2"
            aria-label={intl.formatMessage({ id: 'setup.results', defaultMessage: 'Setup results' })}
          >
            {results.map((r) => (
              <li key={r.email} className="flex flex-wrap items-center gap-2 rounded-md border p-3 text-sm">
                <span className="font-medium">{r.email}</span>
                <Badge variant={STATUS_VARIANT[r.status]}>
                  <FormattedMessage
                    id="setup.status"
                    defaultMessage="{status, select, created {created} exists {exists} other {error}}"
                    values={{ status: r.status }}
                  />
                </Badge>
                {r.password && (
                  <span>
                    <FormattedMessage
                      id="setup.password"
                      defaultMessage="Password (shown once): {password}"
                      values={{
                        password: (
                          <code className="rounded bg-muted px-1.5 py-0.5 font-mono select-all">{r.password}</code>
                        ),
                      }}
                    />
                  </span>
                )}
                {r.error && <span className="text-destructive">{r.error}</span>}
              </li>
            ))}
          </ul>
        )}
        {cleared && (
          <dl
            className="grid max-w-md grid-cols-2 gap-1 rounded-md border p-3 text-sm"
            aria-label={intl.formatMessage({ id: 'setup.cleared', defaultMessage: 'Cleared' })}
          >
            {Object.entries(cleared).map(([name, count]) => (
              <div key={name} className="contents">
                <dt className="text-muted-foreground">{name}</dt>
                <dd className="font-medium">{count}</dd>
              </div>
            ))}
          </dl>
        )}
      </CardContent>
    </Card>
  );
}

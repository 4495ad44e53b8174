import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { DestructiveConfirmDialog } from '@/components/destructive-confirm-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { OrgMode } from '@/data/orgs/keys';
import { useOrgDeleteMutation } from '@/data/orgs/org-mutations';
import type { Org } from '@/data/orgs/org-query';
import { notify } from '@/lib/notify';

/** Owners (and ecosystem admins) delete the organization, after a destructive confirmation. */
export function OrgDeleteCard({ mode, org }: { mode: OrgMode; org: Org }) {
  const intl = useIntl();
  const [confirming, setConfirming] = useState(false);
  const navigate = useNavigate();
  const remove = useOrgDeleteMutation(
    { mode, id: org.id },
    {
      onSuccess: () => {
        notify.success(
          intl.formatMessage({ id: 'orgs.delete.done', defaultMessage: '{name} deleted' }, { name: org.name }),
        );
        void navigate(mode === 'admin' ? '/admin?tab=organizations' : '/account?tab=organizations');
      },
    },
  );
  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle as="h2">
          <FormattedMessage id="orgs.delete.title" defaultMessage="Delete organization" />
        </CardTitle>
        <CardDescription>
          <FormattedMessage
            id="orgs.delete.description"
            defaultMessage="Every membership, invitation and domain claim ends; sister platforms stop receiving it. This cannot be undone."
          />
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="destructive" onClick={() => setConfirming(true)} disabled={remove.isPending}>
          <FormattedMessage id="orgs.delete.button" defaultMessage="Delete organization" />
        </Button>
      </CardContent>
      {confirming && (
        <DestructiveConfirmDialog
          title={intl.formatMessage(
            { id: 'orgs.delete.confirmTitle', defaultMessage: 'Delete {name}?' },
            { name: org.name },
          )}
          description={intl.formatMessage({
            id: 'orgs.delete.confirmDescription',
            defaultMessage: 'Its members, invitations and domains go with it. This cannot be undone.',
          })}
          action={intl.formatMessage({ id: 'orgs.delete.confirmAction', defaultMessage: 'Delete' })}
          onConfirm={() => remove.mutate(undefined, { onSettled: () => setConfirming(false) })}
          onClose={() => setConfirming(false)}
        />
      )}
    </Card>
  );
}

import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { TypeToConfirmDialog } from '@/components/type-to-confirm-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { OrgMode } from '@/data/orgs/keys';
import { useOrgDeleteMutation } from '@/data/orgs/org-mutations';
import type { Org } from '@/data/orgs/org-query';
import { useOrgDeletionImpactQuery } from '@/data/orgs/org-deletion-impact-query';
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
        <DeleteOrgDialog
          mode={mode}
          org={org}
          onConfirm={() => remove.mutate(undefined, { onSettled: () => setConfirming(false) })}
          onClose={() => setConfirming(false)}
        />
      )}
    </Card>
  );
}

/** Type the organization's name; the counts (the server's) say who loses what. */
function DeleteOrgDialog({
  mode,
  org,
  onConfirm,
  onClose,
}: {
  mode: OrgMode;
  org: Org;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const intl = useIntl();
  const impact = useOrgDeletionImpactQuery({ mode, id: org.id }).data;
  const losses = impact
    ? [
        intl.formatMessage(
          {
            id: 'orgs.delete.lossMembers',
            defaultMessage:
              '{members, plural, one {# member loses} other {# members lose}} their roles; sister platforms stop receiving it',
          },
          { members: impact.members },
        ),
        intl.formatMessage(
          {
            id: 'orgs.delete.lossInvitations',
            defaultMessage:
              '{count, plural, =0 {No pending invitations} one {# pending invitation stops working} other {# pending invitations stop working}}',
          },
          { count: impact.pending_invitations },
        ),
        intl.formatMessage(
          {
            id: 'orgs.delete.lossDomains',
            defaultMessage:
              '{count, plural, =0 {No domain claims} one {# domain claim ends} other {# domain claims end}}',
          },
          { count: impact.domains },
        ),
      ]
    : null;
  return (
    <TypeToConfirmDialog
      title={intl.formatMessage(
        { id: 'orgs.delete.confirmTitle', defaultMessage: 'Delete {name}?' },
        { name: org.name },
      )}
      name={org.name}
      description={intl.formatMessage({
        id: 'orgs.delete.confirmDescription',
        defaultMessage: 'Its members, invitations and domains go with it. This cannot be undone.',
      })}
      losses={losses}
      action={intl.formatMessage({ id: 'orgs.delete.confirmAction', defaultMessage: 'Delete' })}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}

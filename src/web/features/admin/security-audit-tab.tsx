import { CheckCircle2, ShieldCheck } from 'lucide-react';
import { FormattedMessage, defineMessages, useIntl } from 'react-intl';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { TimeLimitedRequestForm } from './time-limited-request-form';
import { ActiveAccessCard } from './active-access-card';
import { PendingApprovals } from './pending-approvals';

const SECURITY_STATUS = Object.values(
  defineMessages({
    encrypted: {
      id: 'admin.securityAudit.status.encrypted',
      defaultMessage: 'Credentials encrypted at rest (AES-256-GCM)',
    },
    audited: {
      id: 'admin.securityAudit.status.audited',
      defaultMessage: 'Every credential request, decision and reveal is audited',
    },
    expires: { id: 'admin.securityAudit.status.expires', defaultMessage: 'Time-limited access expires automatically' },
    twoPerson: {
      id: 'admin.securityAudit.status.twoPerson',
      defaultMessage: 'Requests from platform admins need a second administrator',
    },
    chained: { id: 'admin.securityAudit.status.chained', defaultMessage: 'Audit log is hash-chained and verifiable' },
  }),
);

/** Security Audit tab (spec §2; approval workflow DESIGN §6). */
export default function SecurityAuditTab() {
  const intl = useIntl();
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <TimeLimitedRequestForm />
      <div className="space-y-6">
        <ActiveAccessCard />
        <PendingApprovals />
      </div>
      <Card className="lg:col-span-2">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <ShieldCheck className="size-5" aria-hidden />{' '}
            <FormattedMessage id="admin.securityAudit.status.title" defaultMessage="Security Status" />
          </CardTitle>
          <CardDescription>
            <FormattedMessage
              id="admin.securityAudit.status.description"
              defaultMessage="Controls in force on this hub."
            />
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-2 sm:grid-cols-2">
            {SECURITY_STATUS.map((item) => (
              <li key={item.id} className="flex items-center gap-2 text-sm">
                <CheckCircle2 className="size-4 shrink-0 text-success" aria-hidden /> {intl.formatMessage(item)}
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}

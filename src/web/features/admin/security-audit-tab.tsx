import { CheckCircle2, ShieldCheck } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { TimeLimitedRequestForm } from './time-limited-request-form';
import { ActiveAccessCard } from './active-access-card';
import { PendingApprovals } from './pending-approvals';

const SECURITY_STATUS = [
  'Credentials encrypted at rest (AES-256-GCM)',
  'Every credential request, decision and reveal is audited',
  'Time-limited access expires automatically',
  'Requests from platform admins need a second administrator',
  'Audit log is hash-chained and verifiable',
];

/** Security Audit tab (spec §2; approval workflow DESIGN §6). */
export default function SecurityAuditTab() {
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
            <ShieldCheck className="size-5" aria-hidden /> Security Status
          </CardTitle>
          <CardDescription>Controls in force on this hub.</CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-2 sm:grid-cols-2">
            {SECURITY_STATUS.map((item) => (
              <li key={item} className="flex items-center gap-2 text-sm">
                <CheckCircle2 className="size-4 shrink-0 text-success" aria-hidden /> {item}
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}

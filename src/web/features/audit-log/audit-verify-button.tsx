import { ShieldCheck } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useAuditVerifyMutation } from '@/data/audit/audit-verify-mutation';
import type { LogAdminEvent } from '@/lib/audit/admin-audit';

/**
 * Walks the hash chain on the server. A broken chain is itself a critical security event:
 * the admin who saw it is recorded (admin flow, flushed at once).
 */
export function AuditVerifyButton({ log }: { log: LogAdminEvent }) {
  const verify = useAuditVerifyMutation();
  const run = () =>
    verify.mutate(undefined, {
      onSuccess: (result) => {
        if (result.ok) {
          toast.success(`Audit chain intact: ${result.checked.toLocaleString()} events verified`);
        } else {
          toast.error(`Audit chain broken at event #${result.first_bad_id}`, {
            description: `${result.checked.toLocaleString()} events verified before it.`,
          });
          log('audit_chain_broken', 'critical', { first_bad_id: result.first_bad_id, checked: result.checked });
        }
      },
      onError: (error) => toast.error('Failed to verify the audit log', { description: error.message }),
    });
  return (
    <Button variant="outline" size="sm" onClick={run} disabled={verify.isPending}>
      <ShieldCheck />
      {verify.isPending ? 'Verifying…' : 'Verify chain'}
    </Button>
  );
}

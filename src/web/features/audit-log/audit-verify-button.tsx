import { ShieldCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useAuditVerifyMutation } from '@/data/audit/audit-verify-mutation';
import type { LogAdminEvent } from '@/lib/audit/admin-audit';
import { countOf } from '@/lib/format';
import { notify } from '@/lib/notify';

/**
 * Walks the hash chain on the server. A broken chain is itself a critical security event:
 * the admin who saw it is recorded (admin flow, flushed at once).
 */
export function AuditVerifyButton({ log }: { log: LogAdminEvent }) {
  const verify = useAuditVerifyMutation({
    onSuccess: (result) => {
      if (result.ok) {
        notify.success(`Audit chain intact: ${countOf(result.checked, 'event', 'events')} verified`);
      } else {
        notify.error(`Audit chain broken at event #${result.first_bad_id}`, {
          description: `${countOf(result.checked, 'event', 'events')} verified before it.`,
        });
        log('audit_chain_broken', 'critical', { first_bad_id: result.first_bad_id, checked: result.checked });
      }
    },
  });
  return (
    <Button variant="outline" size="sm" onClick={() => verify.mutate()} disabled={verify.isPending}>
      <ShieldCheck aria-hidden />
      {verify.isPending ? 'Verifying…' : 'Verify chain'}
    </Button>
  );
}

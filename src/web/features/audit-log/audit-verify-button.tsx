import { ShieldCheck } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { useAuditVerifyMutation } from '@/data/audit/audit-verify-mutation';
import type { LogAdminEvent } from '@/lib/audit/admin-audit';
import { notify } from '@/lib/notify';

/**
 * Walks the hash chain on the server. A broken chain is itself a critical security event:
 * the admin who saw it is recorded (admin flow, flushed at once).
 */
export function AuditVerifyButton({ log }: { log: LogAdminEvent }) {
  const intl = useIntl();
  const verify = useAuditVerifyMutation({
    onSuccess: (result) => {
      const count = result.checked;
      if (result.ok) {
        notify.success(
          intl.formatMessage(
            {
              id: 'audit.verify.intact',
              defaultMessage: 'Audit chain intact: {count, plural, one {# event} other {# events}} verified',
            },
            { count },
          ),
        );
      } else {
        notify.error(
          intl.formatMessage(
            { id: 'audit.verify.broken', defaultMessage: 'Audit chain broken at event #{id}' },
            { id: String(result.first_bad_id) },
          ),
          {
            description: intl.formatMessage(
              {
                id: 'audit.verify.brokenDetail',
                defaultMessage: '{count, plural, one {# event} other {# events}} verified before it.',
              },
              { count },
            ),
          },
        );
        log('audit_chain_broken', 'critical', { first_bad_id: result.first_bad_id, checked: result.checked });
      }
    },
  });
  return (
    <Button variant="outline" size="sm" onClick={() => verify.mutate()} disabled={verify.isPending}>
      <ShieldCheck aria-hidden />
      {verify.isPending ? (
        <FormattedMessage id="audit.verify.verifying" defaultMessage="Verifying…" />
      ) : (
        <FormattedMessage id="audit.verify.button" defaultMessage="Verify chain" />
      )}
    </Button>
  );
}

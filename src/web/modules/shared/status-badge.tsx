import { Badge } from '@/components/ui/badge';
import { useWord } from './words';

type Variant = 'default' | 'secondary' | 'destructive' | 'success' | 'warning' | 'outline';

/** Status words of the sample records, mapped once to a badge colour. */
const VARIANTS: Record<string, Variant> = {
  active: 'success',
  Active: 'success',
  running: 'success',
  healthy: 'success',
  completed: 'success',
  resolved: 'success',
  excellent: 'success',
  good: 'secondary',
  Pass: 'success',
  allowed: 'success',
  operational: 'success',
  delivered: 'success',
  shipped: 'secondary',
  processing: 'warning',
  Draft: 'secondary',
  Review: 'warning',
  queued: 'secondary',
  Conditional: 'warning',
  degraded: 'warning',
  pending: 'warning',
  pending_approval: 'warning',
  pending_verification: 'warning',
  paused: 'secondary',
  monitoring: 'warning',
  restricted: 'warning',
  syncing: 'warning',
  in_progress: 'warning',
  maintenance: 'warning',
  Fail: 'destructive',
  blocked: 'destructive',
  expired: 'destructive',
  cancelled: 'destructive',
  suspended: 'destructive',
  high: 'destructive',
  medium: 'warning',
  low: 'secondary',
  critical: 'destructive',
  auto_blocked: 'destructive',
  rate_limited: 'warning',
  captcha_enabled: 'secondary',
};

/** Shows a status value as the spec writes it, with underscores read as spaces, in the active locale. */
export function StatusBadge({ status, label }: { status: string; label?: string }) {
  const word = useWord();
  const text = label ?? word(status);
  return <Badge variant={VARIANTS[status] ?? 'outline'}>{text}</Badge>;
}

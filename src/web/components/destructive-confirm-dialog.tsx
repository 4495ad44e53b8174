import type { ReactNode } from 'react';
import { ConfirmDialog } from './confirm-dialog';

/**
 * The confirmation of an action that cannot be undone (delete a provider, reset someone's second
 * factors): open while mounted, Cancel or Escape closes it, the red button runs `onConfirm`.
 */
export function DestructiveConfirmDialog(props: {
  title: string;
  description: ReactNode;
  action: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return <ConfirmDialog {...props} isDestructive />;
}

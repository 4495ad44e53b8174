import { FormattedMessage } from 'react-intl';
import { Badge } from '@/components/ui/badge';
import { PRIORITY_TEXT } from './final-todo.words';
import type { TaskPriority } from './final-todo.types';

const VARIANT = { Critical: 'destructive', High: 'warning', Medium: 'secondary', Low: 'outline' } as const;

export function PriorityBadge({ priority }: { priority: TaskPriority }) {
  return (
    <Badge variant={VARIANT[priority]}>
      <FormattedMessage {...PRIORITY_TEXT[priority]} />
    </Badge>
  );
}

import type { MessageDescriptor } from 'react-intl';

/** Checklist task of spec §3 (static; completion is local-only state, spec §2). */
export type TaskPriority = 'Critical' | 'High' | 'Medium' | 'Low';

export interface ChecklistTask {
  id: number;
  title: MessageDescriptor;
  description: MessageDescriptor;
  priority: TaskPriority;
  category: string;
  completed: boolean;
  estimatedHours: number;
  dependencies?: number[];
  notes?: MessageDescriptor;
}

/** The order priorities are shown in everywhere (spec §2: Critical, High, Medium, Low). */
export const PRIORITY_ORDER: TaskPriority[] = ['Critical', 'High', 'Medium', 'Low'];

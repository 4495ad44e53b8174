import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { TaskPriority } from './final-todo.types';

/** The checklist's categories and priorities as a person reads them (the data keeps the English keys). */
export const CATEGORY_TEXT = defineMessages({
  Authentication: { id: 'finalTodo.category.authentication', defaultMessage: 'Authentication' },
  Security: { id: 'finalTodo.category.security', defaultMessage: 'Security' },
  Database: { id: 'finalTodo.category.database', defaultMessage: 'Database' },
  Deployment: { id: 'finalTodo.category.deployment', defaultMessage: 'Deployment' },
  Features: { id: 'finalTodo.category.features', defaultMessage: 'Features' },
  Integration: { id: 'finalTodo.category.integration', defaultMessage: 'Integration' },
  'UI/UX': { id: 'finalTodo.category.uiux', defaultMessage: 'UI/UX' },
  Testing: { id: 'finalTodo.category.testing', defaultMessage: 'Testing' },
  Performance: { id: 'finalTodo.category.performance', defaultMessage: 'Performance' },
  Monitoring: { id: 'finalTodo.category.monitoring', defaultMessage: 'Monitoring' },
  Documentation: { id: 'finalTodo.category.documentation', defaultMessage: 'Documentation' },
  Infrastructure: { id: 'finalTodo.category.infrastructure', defaultMessage: 'Infrastructure' },
  SEO: { id: 'finalTodo.category.seo', defaultMessage: 'SEO' },
  Accessibility: { id: 'finalTodo.category.accessibility', defaultMessage: 'Accessibility' },
  Localization: { id: 'finalTodo.category.localization', defaultMessage: 'Localization' },
  PWA: { id: 'finalTodo.category.pwa', defaultMessage: 'PWA' },
});

export const PRIORITY_TEXT: Record<TaskPriority, MessageDescriptor> = defineMessages({
  Critical: { id: 'finalTodo.priority.critical', defaultMessage: 'Critical' },
  High: { id: 'finalTodo.priority.high', defaultMessage: 'High' },
  Medium: { id: 'finalTodo.priority.medium', defaultMessage: 'Medium' },
  Low: { id: 'finalTodo.priority.low', defaultMessage: 'Low' },
});

/** A group's key (a priority or a category) in the active language. */
export function groupTitle(key: string): MessageDescriptor | string {
  return (
    (PRIORITY_TEXT as Record<string, MessageDescriptor>)[key] ??
    (CATEGORY_TEXT as Record<string, MessageDescriptor>)[key] ??
    key
  );
}

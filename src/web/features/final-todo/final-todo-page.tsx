import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ChecklistFooter } from './checklist-footer';
import { ChecklistOverviewPanel } from './checklist-overview';
import { CHECKLIST_TASKS } from './final-todo.data';
import {
  computeMvp,
  computeOverview,
  computePriorityProgress,
  groupByCategory,
  groupByPriority,
} from './final-todo.utils';
import { TaskGroupCard } from './task-group-card';

const BY_PRIORITY = groupByPriority(CHECKLIST_TASKS);
const BY_CATEGORY = groupByCategory(CHECKLIST_TASKS);

/** /final-todo: the checklist; ticks live in this component only and are never persisted (spec §2). */
export default function FinalTodoPage() {
  const [done, setDone] = useState<ReadonlySet<number>>(() => new Set());
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'finalTodo.title', defaultMessage: 'Final To-Do Checklist' }));
  const toggle = (id: number) =>
    setDone((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <main id="main" className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">
          <FormattedMessage id="finalTodo.title" defaultMessage="Final To-Do Checklist" />
        </h1>
        <p className="mt-1 text-sm text-muted-foreground">
          <FormattedMessage
            id="finalTodo.intro"
            defaultMessage="Everything left before the ecosystem hub goes to production."
          />
        </p>
      </header>
      <ChecklistOverviewPanel
        overview={computeOverview(CHECKLIST_TASKS, done)}
        byPriority={computePriorityProgress(CHECKLIST_TASKS, done)}
      />
      <Tabs defaultValue="priority">
        <TabsList aria-label={intl.formatMessage({ id: 'finalTodo.groupTasks', defaultMessage: 'Group tasks' })}>
          <TabsTrigger value="priority">
            <FormattedMessage id="finalTodo.byPriority" defaultMessage="By Priority" />
          </TabsTrigger>
          <TabsTrigger value="category">
            <FormattedMessage id="finalTodo.byCategory" defaultMessage="By Category" />
          </TabsTrigger>
        </TabsList>
        <TabsContent value="priority" className="flex flex-col gap-4">
          {BY_PRIORITY.map((g) => (
            <TaskGroupCard key={g.key} group={g} done={done} onToggle={toggle} />
          ))}
        </TabsContent>
        <TabsContent value="category" className="grid gap-4 lg:grid-cols-2">
          {BY_CATEGORY.map((g) => (
            <TaskGroupCard key={g.key} group={g} done={done} onToggle={toggle} />
          ))}
        </TabsContent>
      </Tabs>
      <ChecklistFooter mvp={computeMvp(CHECKLIST_TASKS, done)} />
    </main>
  );
}

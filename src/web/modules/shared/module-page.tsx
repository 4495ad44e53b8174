import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useShellMode } from '@/layout/shell/shell-mode';
import { useDocumentTitle } from '@/lib/use-document-title';
import type { StatCardData } from '../types';
import { StatGrid } from './stat-card';

export interface ModuleTab {
  value: string;
  label: string;
  content: ReactNode;
}

/**
 * The frame every module screen shares: heading, optional actions, stat cards and Radix tabs
 * (which give the tablist/tab/tabpanel roles and arrow-key navigation).
 */
export function ModulePage({
  title,
  description,
  actions,
  stats,
  tabs,
}: {
  title: string;
  description: string;
  actions?: ReactNode;
  stats?: StatCardData[];
  tabs: ModuleTab[];
}) {
  const intl = useIntl();
  const isDemo = useShellMode() === 'demo';
  const demo = intl.formatMessage({ id: 'modules.page.demo', defaultMessage: 'Demo' });
  useDocumentTitle(title, isDemo && demo);
  return (
    <div className="flex min-w-0 flex-col gap-5">
      {isDemo && <Breadcrumbs items={[{ label: demo, to: '/demo' }, { label: title }]} />}
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          <p className="mt-1 text-sm text-muted-foreground">{description}</p>
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </header>
      {stats && <StatGrid stats={stats} />}
      <Tabs defaultValue={tabs[0].value} className="min-w-0">
        <TabsList
          aria-label={intl.formatMessage(
            { id: 'modules.page.sections', defaultMessage: '{title} sections' },
            { title },
          )}
        >
          {tabs.map((t) => (
            <TabsTrigger key={t.value} value={t.value}>
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {tabs.map((t) => (
          <TabsContent key={t.value} value={t.value} className="min-w-0">
            {t.content}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}

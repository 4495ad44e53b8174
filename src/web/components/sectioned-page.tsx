import { Suspense, type ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { LoadingState } from '@/components/loading-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';

interface Section {
  key: string;
  label: string;
  Tab: ComponentType;
}

/**
 * A signed-in screen of sections (tabs) whose section lives in the URL (`?tab=`; the first
 * section is the bare path): heading, breadcrumbs on every section but the first, each section
 * lazily loaded. /admin and /account are this.
 */
export function SectionedPage({
  name,
  path,
  title,
  description,
  sections,
  active,
  contentClassName,
}: {
  /** The screen's name in breadcrumbs and in the tab list's label ("Admin", "Account"). */
  name: string;
  path: string;
  title: string;
  description: string;
  sections: readonly Section[];
  active: Section;
  contentClassName?: string;
}) {
  const [, setParams] = useSearchParams();
  const first = sections[0].key;
  return (
    <>
      {active.key !== first && <Breadcrumbs items={[{ label: name, to: path }, { label: active.label }]} />}
      <header className="mb-6">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
        <p className="mt-1 text-sm text-muted-foreground">{description}</p>
      </header>
      <Tabs
        value={active.key}
        onValueChange={(value) => {
          const next = new URLSearchParams();
          if (value !== first) next.set('tab', value);
          setParams(next, { replace: true });
        }}
      >
        <TabsList aria-label={`${name} sections`} className="w-full sm:w-fit">
          {sections.map(({ key, label }) => (
            <TabsTrigger key={key} value={key}>
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        {sections.map(({ key, Tab }) => (
          <TabsContent key={key} value={key} className={contentClassName}>
            <Suspense fallback={<LoadingState />}>
              <Tab />
            </Suspense>
          </TabsContent>
        ))}
      </Tabs>
    </>
  );
}

import type { ReactNode } from 'react';
import { useText, type Text } from './text';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** A titled card holding one list or table inside a tab. */
export function SectionCard({
  title,
  description,
  children,
}: {
  title: Text;
  description?: Text;
  children: ReactNode;
}) {
  const t = useText();
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>{t(title)}</CardTitle>
        {description && <CardDescription>{t(description)}</CardDescription>}
      </CardHeader>
      <CardContent className="min-w-0">{children}</CardContent>
    </Card>
  );
}

/** A row of a stacked list: wraps on narrow screens instead of scrolling sideways. */
export function ListRow({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <li
      data-testid={testId}
      className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-b py-3 last:border-0"
    >
      {children}
    </li>
  );
}

/** A progress bar with an accessible label. */
export function Meter({ label, value }: { label: string; value: number }) {
  return (
    <div
      className="h-2 w-full overflow-hidden rounded-full bg-muted"
      role="meter"
      aria-label={label}
      aria-valuenow={value}
      aria-valuemin={0}
      aria-valuemax={100}
    >
      <div className="h-full bg-primary" style={{ width: `${value}%` }} />
    </div>
  );
}

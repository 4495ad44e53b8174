import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/**
 * One section of a screen as a card: its heading (after an icon, when given), the line saying
 * what it holds, the section's action at the header's end (Add …) when given, then its content.
 */
export function SectionCard({
  title,
  icon: Icon,
  description,
  action,
  className,
  contentClassName,
  children,
}: {
  title: string;
  icon?: LucideIcon;
  description: ReactNode;
  action?: ReactNode;
  className?: string;
  contentClassName?: string;
  children: ReactNode;
}) {
  const heading = (
    <>
      <CardTitle className={Icon && 'flex items-center gap-2'}>
        {Icon && <Icon className="size-5" aria-hidden />}
        {title}
      </CardTitle>
      <CardDescription>{description}</CardDescription>
    </>
  );
  return (
    <Card className={className}>
      {action ? (
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
          <div className="space-y-1.5">{heading}</div>
          {action}
        </CardHeader>
      ) : (
        <CardHeader>{heading}</CardHeader>
      )}
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}

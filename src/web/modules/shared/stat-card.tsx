import { Card, CardContent } from '@/components/ui/card';
import type { StatCardData } from '../types';
import { textKey, useText } from './text';

/** One decorative figure at the top of a module screen. */
export function StatCard({ stat }: { stat: StatCardData }) {
  const t = useText();
  const Icon = stat.icon;
  return (
    <Card className="gap-1 py-4" data-testid="stat-card">
      <CardContent className="flex items-start justify-between gap-2 px-3 sm:px-4">
        <div className="min-w-0">
          <p className="text-sm text-muted-foreground">{t(stat.label)}</p>
          <p className="mt-1 text-xl font-semibold sm:text-2xl tabular-nums">{stat.value}</p>
          <p className="mt-0.5 text-xs text-muted-foreground">{t(stat.hint)}</p>
        </div>
        <Icon className="size-5 shrink-0 text-primary" aria-hidden />
      </CardContent>
    </Card>
  );
}

export function StatGrid({ stats }: { stats: StatCardData[] }) {
  return (
    <div className="grid grid-cols-2 gap-3 xl:grid-cols-4">
      {stats.map((s) => (
        <StatCard key={textKey(s.label)} stat={s} />
      ))}
    </div>
  );
}

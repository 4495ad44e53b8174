import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Meter, SectionCard } from '../shared/section-card';
import { StatusBadge } from '../shared/status-badge';
import { QRC_PERFORMANCE, QRC_RESULTS, QRC_TEMPLATES, TOP_FAILING_CRITERIA } from './qrc.data';

/** Recent Checks: candidate, role, result, score, time, issues count and an inert View Details (spec §2). */
export function RecentChecksTab() {
  return (
    <SectionCard title="Recent Checks" description="Latest candidate-to-role checks">
      <Table stack label="Recent checks">
        <TableHeader>
          <TableRow>
            <TableHead>Candidate</TableHead>
            <TableHead>Role</TableHead>
            <TableHead>Result</TableHead>
            <TableHead className="text-end">Score</TableHead>
            <TableHead>Time</TableHead>
            <TableHead className="text-end">Issues</TableHead>
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {QRC_RESULTS.map((r) => (
            <TableRow key={r.candidate} data-testid="qrc-result">
              <TableCell label="Candidate" className="font-medium md:whitespace-nowrap">
                {r.candidate}
              </TableCell>
              <TableCell label="Role" className="md:whitespace-nowrap">
                {r.role}
              </TableCell>
              <TableCell label="Result">
                <StatusBadge status={r.result} />
              </TableCell>
              <TableCell label="Score" className="text-end tabular-nums md:text-end">
                {r.score}
              </TableCell>
              <TableCell label="Time" className="text-muted-foreground md:whitespace-nowrap">
                {r.time}
              </TableCell>
              <TableCell label="Issues" className="text-end tabular-nums md:text-end">
                {r.issues}
              </TableCell>
              <TableCell className="justify-end md:text-end">
                <Button variant="outline" size="sm">
                  View Details
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </SectionCard>
  );
}

export function CheckTemplatesTab() {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {QRC_TEMPLATES.map((t) => (
        <SectionCard key={t.name} title={t.name}>
          <div className="flex flex-col gap-3 text-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Badge variant="outline">{t.category}</Badge>
              <span className="tabular-nums">{t.checks} checks</span>
              <span className="tabular-nums">{t.success}% success</span>
            </div>
            <div className="flex gap-2">
              <Button size="sm">Run</Button>
              <Button size="sm" variant="outline">
                Edit
              </Button>
            </div>
          </div>
        </SectionCard>
      ))}
    </div>
  );
}

export function PerformanceTab() {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {QRC_PERFORMANCE.map((p) => (
        <SectionCard key={p.label} title={p.label} description={p.hint}>
          <p className="text-2xl font-semibold tabular-nums">{p.value}</p>
        </SectionCard>
      ))}
    </div>
  );
}

export function AnalyticsTab() {
  const max = Math.max(...TOP_FAILING_CRITERIA.map((c) => c.failures));
  return (
    <SectionCard title="Top Failing Criteria" description="Why candidates fail checks, last 30 days">
      <ul className="flex flex-col gap-3">
        {TOP_FAILING_CRITERIA.map((c) => (
          <li key={c.criterion} className="grid grid-cols-[9rem_1fr_auto] items-center gap-3 text-sm">
            <span className="truncate">{c.criterion}</span>
            <Meter label={`${c.criterion} failures`} value={Math.round((c.failures / max) * 100)} />
            <span className="tabular-nums">{c.failures}</span>
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}

import { textKey, useText } from '../shared/text';
import { FormattedMessage, useIntl } from 'react-intl';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Meter, SectionCard } from '../shared/section-card';
import { StatusBadge } from '../shared/status-badge';
import { QRC_PERFORMANCE, QRC_RESULTS, QRC_TEMPLATES, TOP_FAILING_CRITERIA } from './qrc.data';

/** Recent Checks: candidate, role, result, score, time, issues count and an inert View Details (spec §2). */
export function RecentChecksTab() {
  const tx = useText();
  const intl = useIntl();
  return (
    <SectionCard
      title={intl.formatMessage({ id: 'modules.qrc.recentChecks', defaultMessage: 'Recent Checks' })}
      description={intl.formatMessage({
        id: 'modules.qrc.latestCandidateToRoleChecks',
        defaultMessage: 'Latest candidate-to-role checks',
      })}
    >
      <Table stack label={intl.formatMessage({ id: 'modules.qrc.recentChecks2', defaultMessage: 'Recent checks' })}>
        <TableHeader>
          <TableRow>
            <TableHead>
              <FormattedMessage id="modules.qrc.candidate" defaultMessage="Candidate" />
            </TableHead>
            <TableHead>
              <FormattedMessage id="modules.qrc.role" defaultMessage="Role" />
            </TableHead>
            <TableHead>
              <FormattedMessage id="modules.qrc.result" defaultMessage="Result" />
            </TableHead>
            <TableHead className="text-end">
              <FormattedMessage id="modules.qrc.score" defaultMessage="Score" />
            </TableHead>
            <TableHead>
              <FormattedMessage id="modules.qrc.time" defaultMessage="Time" />
            </TableHead>
            <TableHead className="text-end">
              <FormattedMessage id="modules.qrc.issues" defaultMessage="Issues" />
            </TableHead>
            <TableHead>
              <span className="sr-only">
                <FormattedMessage id="modules.qrc.actions" defaultMessage="Actions" />
              </span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {QRC_RESULTS.map((r) => (
            <TableRow key={r.candidate} data-testid="qrc-result">
              <TableCell
                label={intl.formatMessage({ id: 'modules.qrc.candidate', defaultMessage: 'Candidate' })}
                className="font-medium md:whitespace-nowrap"
              >
                {r.candidate}
              </TableCell>
              <TableCell
                label={intl.formatMessage({ id: 'modules.qrc.role', defaultMessage: 'Role' })}
                className="md:whitespace-nowrap"
              >
                {tx(r.role)}
              </TableCell>
              <TableCell label={intl.formatMessage({ id: 'modules.qrc.result', defaultMessage: 'Result' })}>
                <StatusBadge status={r.result} />
              </TableCell>
              <TableCell
                label={intl.formatMessage({ id: 'modules.qrc.score', defaultMessage: 'Score' })}
                className="text-end tabular-nums md:text-end"
              >
                {r.score}
              </TableCell>
              <TableCell
                label={intl.formatMessage({ id: 'modules.qrc.time', defaultMessage: 'Time' })}
                className="text-muted-foreground md:whitespace-nowrap"
              >
                {tx(r.time)}
              </TableCell>
              <TableCell
                label={intl.formatMessage({ id: 'modules.qrc.issues', defaultMessage: 'Issues' })}
                className="text-end tabular-nums md:text-end"
              >
                {r.issues}
              </TableCell>
              <TableCell className="justify-end md:text-end">
                <Button variant="outline" size="sm">
                  <FormattedMessage id="modules.qrc.viewDetails" defaultMessage="View Details" />
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
  const tx = useText();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {QRC_TEMPLATES.map((t) => (
        <SectionCard key={textKey(t.name)} title={t.name}>
          <div className="flex flex-col gap-3 text-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Badge variant="outline">{tx(t.category)}</Badge>
              <span className="tabular-nums">
                <FormattedMessage
                  id="modules.qrc.checks"
                  defaultMessage="{count, plural, one {# check} other {# checks}}"
                  values={{ count: t.checks }}
                />
              </span>
              <span className="tabular-nums">
                <FormattedMessage
                  id="modules.qrc.success"
                  defaultMessage="{rate}% success"
                  values={{ rate: t.success }}
                />
              </span>
            </div>
            <div className="flex gap-2">
              <Button size="sm">
                <FormattedMessage id="modules.qrc.run" defaultMessage="Run" />
              </Button>
              <Button size="sm" variant="outline">
                <FormattedMessage id="modules.qrc.edit" defaultMessage="Edit" />
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
        <SectionCard key={textKey(p.label)} title={p.label} description={p.hint}>
          <p className="text-2xl font-semibold tabular-nums">{p.value}</p>
        </SectionCard>
      ))}
    </div>
  );
}

export function AnalyticsTab() {
  const tx = useText();
  const intl = useIntl();
  const max = Math.max(...TOP_FAILING_CRITERIA.map((c) => c.failures));
  return (
    <SectionCard
      title={intl.formatMessage({ id: 'modules.qrc.topFailingCriteria', defaultMessage: 'Top Failing Criteria' })}
      description={intl.formatMessage({
        id: 'modules.qrc.whyCandidatesFailChecksLast30',
        defaultMessage: 'Why candidates fail checks, last 30 days',
      })}
    >
      <ul className="flex flex-col gap-3">
        {TOP_FAILING_CRITERIA.map((c) => (
          <li key={textKey(c.criterion)} className="grid grid-cols-[9rem_1fr_auto] items-center gap-3 text-sm">
            <span className="truncate">{tx(c.criterion)}</span>
            <Meter
              label={intl.formatMessage(
                { id: 'modules.qrc.failuresOf', defaultMessage: '{criterion} failures' },
                { criterion: tx(c.criterion) },
              )}
              value={Math.round((c.failures / max) * 100)}
            />
            <span className="tabular-nums">{c.failures}</span>
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}

import { textKey, useText } from '../shared/text';
import { FormattedMessage, useIntl } from 'react-intl';
import { PauseIcon, PlayIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ListRow, Meter, SectionCard } from '../shared/section-card';
import { StatusBadge } from '../shared/status-badge';
import { useWord } from '../shared/words';
import { MINING_DATASETS, MINING_JOBS, PATTERNS } from './data-mining.data';
import { NewMiningJobDialog } from './new-mining-job-dialog';

/** Mining Jobs: the running job shows pause, the others play; neither has a handler (spec §4). */
export function MiningJobsTab() {
  const tx = useText();
  const intl = useIntl();
  return (
    <div className="flex flex-col gap-4">
      <div className="flex justify-end">
        <NewMiningJobDialog />
      </div>
      <SectionCard
        title={intl.formatMessage({ id: 'modules.dataMining.miningJobs', defaultMessage: 'Mining Jobs' })}
        description={intl.formatMessage({
          id: 'modules.dataMining.jobsAndTheirProgress',
          defaultMessage: 'Jobs and their progress',
        })}
      >
        <ul>
          {MINING_JOBS.map((j) => (
            <ListRow key={j.id} testId="mining-job">
              <div className="min-w-0">
                <p className="font-medium">{tx(j.name)}</p>
                <p className="text-xs text-muted-foreground">
                  {j.id} · {tx(j.dataset)}
                </p>
              </div>
              <div className="flex w-full items-center gap-3 sm:w-auto">
                <StatusBadge status={j.status} />
                <div className="flex w-32 items-center gap-2">
                  <Meter
                    label={intl.formatMessage(
                      { id: 'modules.dataMining.jobProgress', defaultMessage: '{name} progress' },
                      { name: tx(j.name) },
                    )}
                    value={j.progress}
                  />
                  <span className="text-xs tabular-nums">{j.progress}%</span>
                </div>
                <Button
                  variant="outline"
                  size="icon"
                  aria-label={
                    j.status === 'running'
                      ? intl.formatMessage(
                          { id: 'modules.dataMining.pauseJob', defaultMessage: 'Pause {name}' },
                          { name: tx(j.name) },
                        )
                      : intl.formatMessage(
                          { id: 'modules.dataMining.startJob', defaultMessage: 'Start {name}' },
                          { name: tx(j.name) },
                        )
                  }
                >
                  {j.status === 'running' ? <PauseIcon aria-hidden /> : <PlayIcon aria-hidden />}
                </Button>
              </div>
            </ListRow>
          ))}
        </ul>
      </SectionCard>
    </div>
  );
}

export function DatasetsTab() {
  const word = useWord();
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {MINING_DATASETS.map((d) => (
        <SectionCard key={d.id} title={d.name} description={d.id}>
          <div className="flex items-center justify-between text-sm">
            <span className="tabular-nums">
              <FormattedMessage
                id="modules.dataMining.records"
                defaultMessage="{records} records"
                values={{ records: d.records }}
              />
            </span>
            <Badge variant="outline">{word(d.type)}</Badge>
          </div>
        </SectionCard>
      ))}
    </div>
  );
}

export function PatternsTab() {
  const tx = useText();
  const intl = useIntl();
  return (
    <SectionCard
      title={intl.formatMessage({ id: 'modules.dataMining.patternAnalysis', defaultMessage: 'Pattern Analysis' })}
      description={intl.formatMessage({
        id: 'modules.dataMining.patternsDiscoveredByRecentJobs',
        defaultMessage: 'Patterns discovered by recent jobs',
      })}
    >
      <ul>
        {PATTERNS.map((p) => (
          <ListRow key={textKey(p.pattern)}>
            <div className="min-w-0 flex-1 basis-64">
              <p className="text-sm font-medium">{tx(p.pattern)}</p>
              <Badge variant="secondary" className="mt-1">
                {tx(p.category)}
              </Badge>
            </div>
            <div className="flex w-40 items-center gap-2">
              <Meter
                label={intl.formatMessage({ id: 'modules.dataMining.confidence', defaultMessage: 'Confidence' })}
                value={p.confidence}
              />
              <span className="text-xs tabular-nums">{p.confidence}%</span>
            </div>
          </ListRow>
        ))}
      </ul>
    </SectionCard>
  );
}

import { PauseIcon, PlayIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ListRow, Meter, SectionCard } from '../shared/section-card';
import { StatusBadge } from '../shared/status-badge';
import { MINING_DATASETS, MINING_JOBS, PATTERNS } from './data-mining.data';
import { NewMiningJobDialog } from './new-mining-job-dialog';

/** Mining Jobs: the running job shows pause, the others play; neither has a handler (spec §4). */
export function MiningJobsTab() {
  return (
    <div className="flex flex-col gap-4">
      <div className="flex justify-end">
        <NewMiningJobDialog />
      </div>
      <SectionCard title="Mining Jobs" description="Jobs and their progress">
        <ul>
          {MINING_JOBS.map((j) => (
            <ListRow key={j.id} testId="mining-job">
              <div className="min-w-0">
                <p className="font-medium">{j.name}</p>
                <p className="text-xs text-muted-foreground">
                  {j.id} · {j.dataset}
                </p>
              </div>
              <div className="flex w-full items-center gap-3 sm:w-auto">
                <StatusBadge status={j.status} />
                <div className="flex w-32 items-center gap-2">
                  <Meter label={`${j.name} progress`} value={j.progress} />
                  <span className="text-xs tabular-nums">{j.progress}%</span>
                </div>
                <Button
                  variant="outline"
                  size="icon"
                  aria-label={j.status === 'running' ? `Pause ${j.name}` : `Start ${j.name}`}
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
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {MINING_DATASETS.map((d) => (
        <SectionCard key={d.id} title={d.name} description={d.id}>
          <div className="flex items-center justify-between text-sm">
            <span className="tabular-nums">{d.records} records</span>
            <Badge variant="outline">{d.type}</Badge>
          </div>
        </SectionCard>
      ))}
    </div>
  );
}

export function PatternsTab() {
  return (
    <SectionCard title="Pattern Analysis" description="Patterns discovered by recent jobs">
      <ul>
        {PATTERNS.map((p) => (
          <ListRow key={p.pattern}>
            <div className="min-w-0 flex-1 basis-64">
              <p className="text-sm font-medium">{p.pattern}</p>
              <Badge variant="secondary" className="mt-1">
                {p.category}
              </Badge>
            </div>
            <div className="flex w-40 items-center gap-2">
              <Meter label="Confidence" value={p.confidence} />
              <span className="text-xs tabular-nums">{p.confidence}%</span>
            </div>
          </ListRow>
        ))}
      </ul>
    </SectionCard>
  );
}

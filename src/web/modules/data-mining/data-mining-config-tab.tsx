import { Badge } from '@/components/ui/badge';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ListRow, SectionCard } from '../shared/section-card';
import { MINING_ALGORITHMS, PLACEHOLDERS } from './data-mining.data';

const FIELDS = [
  { id: 'cfg-batch', label: 'Batch Size', placeholder: PLACEHOLDERS.batchSize },
  { id: 'cfg-frequency', label: 'Processing Frequency', placeholder: PLACEHOLDERS.frequency },
  { id: 'cfg-retention', label: 'Data Retention (days)', placeholder: PLACEHOLDERS.retention },
  { id: 'cfg-confidence', label: 'Confidence Threshold (%)', placeholder: PLACEHOLDERS.confidence },
  { id: 'cfg-learning-rate', label: 'Learning Rate', placeholder: PLACEHOLDERS.learningRate },
];

/** Configuration: engine settings with the placeholders of spec §9, and the algorithm catalogue. */
export function ConfigurationTab() {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <SectionCard title="Engine Configuration" description="Defaults for new mining jobs">
        <div className="grid gap-4 sm:grid-cols-2">
          {FIELDS.map((f) => (
            <div key={f.id} className="flex flex-col gap-1.5">
              <Label htmlFor={f.id}>{f.label}</Label>
              <Input id={f.id} placeholder={f.placeholder} />
            </div>
          ))}
        </div>
      </SectionCard>
      <SectionCard title="Algorithms" description="Available to mining jobs">
        <ul>
          {MINING_ALGORITHMS.map((a) => (
            <ListRow key={a.id}>
              <div className="min-w-0">
                <p className="font-medium">{a.name}</p>
                <p className="text-xs text-muted-foreground">{a.description}</p>
              </div>
              <Badge
                variant={a.complexity === 'High' ? 'destructive' : a.complexity === 'Medium' ? 'warning' : 'secondary'}
              >
                {a.complexity}
              </Badge>
            </ListRow>
          ))}
        </ul>
      </SectionCard>
    </div>
  );
}

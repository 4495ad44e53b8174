import { useText } from '../shared/text';
import { defineMessage, useIntl } from 'react-intl';
import { Badge } from '@/components/ui/badge';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ListRow, SectionCard } from '../shared/section-card';
import { useWord } from '../shared/words';
import { MINING_ALGORITHMS, PLACEHOLDERS } from './data-mining.data';

const FIELDS = [
  {
    id: 'cfg-batch',
    label: defineMessage({ id: 'modules.dataMining.batchSize', defaultMessage: 'Batch Size' }),
    placeholder: PLACEHOLDERS.batchSize,
  },
  {
    id: 'cfg-frequency',
    label: defineMessage({ id: 'modules.dataMining.processingFrequency', defaultMessage: 'Processing Frequency' }),
    placeholder: PLACEHOLDERS.frequency,
  },
  {
    id: 'cfg-retention',
    label: defineMessage({ id: 'modules.dataMining.dataRetentionDays', defaultMessage: 'Data Retention (days)' }),
    placeholder: PLACEHOLDERS.retention,
  },
  {
    id: 'cfg-confidence',
    label: defineMessage({
      id: 'modules.dataMining.confidenceThreshold',
      defaultMessage: 'Confidence Threshold (%)',
    }),
    placeholder: PLACEHOLDERS.confidence,
  },
  {
    id: 'cfg-learning-rate',
    label: defineMessage({ id: 'modules.dataMining.learningRate', defaultMessage: 'Learning Rate' }),
    placeholder: PLACEHOLDERS.learningRate,
  },
];

/** Configuration: engine settings with the placeholders of spec §9, and the algorithm catalogue. */
export function ConfigurationTab() {
  const tx = useText();
  const word = useWord();
  const intl = useIntl();
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <SectionCard
        title={intl.formatMessage({
          id: 'modules.dataMining.engineConfiguration',
          defaultMessage: 'Engine Configuration',
        })}
        description={intl.formatMessage({
          id: 'modules.dataMining.defaultsForNewMiningJobs',
          defaultMessage: 'Defaults for new mining jobs',
        })}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          {FIELDS.map((f) => (
            <div key={f.id} className="flex flex-col gap-1.5">
              <Label htmlFor={f.id}>{tx(f.label)}</Label>
              <Input id={f.id} placeholder={tx(f.placeholder)} />
            </div>
          ))}
        </div>
      </SectionCard>
      <SectionCard
        title={intl.formatMessage({ id: 'modules.dataMining.algorithms', defaultMessage: 'Algorithms' })}
        description={intl.formatMessage({
          id: 'modules.dataMining.availableToMiningJobs',
          defaultMessage: 'Available to mining jobs',
        })}
      >
        <ul>
          {MINING_ALGORITHMS.map((a) => (
            <ListRow key={a.id}>
              <div className="min-w-0">
                <p className="font-medium">{tx(a.name)}</p>
                <p className="text-xs text-muted-foreground">{tx(a.description)}</p>
              </div>
              <Badge
                variant={a.complexity === 'High' ? 'destructive' : a.complexity === 'Medium' ? 'warning' : 'secondary'}
              >
                {word(a.complexity)}
              </Badge>
            </ListRow>
          ))}
        </ul>
      </SectionCard>
    </div>
  );
}

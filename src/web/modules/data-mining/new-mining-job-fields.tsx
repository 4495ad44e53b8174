import { useText } from '../shared/text';
import { FormattedMessage, useIntl } from 'react-intl';
import { useWord } from '../shared/words';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import {
  MINING_ALGORITHMS,
  MINING_DATASETS,
  PLACEHOLDERS,
  PRIORITIES,
  SCHEDULE_TYPES,
  type Option,
} from './data-mining.data';
import type { MiningJobForm } from './new-mining-job.form';

export interface FieldsProps {
  form: MiningJobForm;
  set: (patch: Partial<MiningJobForm>) => void;
}

function Field({ id, label, children }: { id: string; label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

function Choice({
  id,
  value,
  placeholder,
  options,
  onChange,
}: {
  id: string;
  value: string;
  placeholder: string;
  options: Option[];
  onChange: (v: string) => void;
}) {
  const tx = useText();
  return (
    <Select value={value || undefined} onValueChange={onChange}>
      <SelectTrigger id={id}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {options.map((o) => (
          <SelectItem key={o.value} value={o.value}>
            {tx(o.label)}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

export function BasicInfoFields({ form, set }: FieldsProps) {
  const intl = useIntl();
  return (
    <div className="flex flex-col gap-4">
      <Field
        id="job-name"
        label={intl.formatMessage({ id: 'modules.dataMining.jobName', defaultMessage: 'Job Name *' })}
      >
        <Input
          id="job-name"
          value={form.name}
          onChange={(e) => set({ name: e.target.value })}
          placeholder={intl.formatMessage({
            id: 'modules.dataMining.eGQ1SkillClusters',
            defaultMessage: 'e.g. Q1 Skill Clusters',
          })}
        />
      </Field>
      <Field
        id="job-description"
        label={intl.formatMessage({ id: 'modules.dataMining.description', defaultMessage: 'Description' })}
      >
        <Textarea
          id="job-description"
          value={form.description}
          onChange={(e) => set({ description: e.target.value })}
          placeholder={intl.formatMessage({
            id: 'modules.dataMining.whatShouldThisJobFind',
            defaultMessage: 'What should this job find?',
          })}
        />
      </Field>
      <Field
        id="job-priority"
        label={intl.formatMessage({ id: 'modules.dataMining.priority', defaultMessage: 'Priority' })}
      >
        <Choice
          id="job-priority"
          value={form.priority}
          placeholder={intl.formatMessage({ id: 'modules.dataMining.normal', defaultMessage: 'Normal' })}
          options={PRIORITIES}
          onChange={(priority) => set({ priority })}
        />
      </Field>
      <Field
        id="job-email"
        label={intl.formatMessage({ id: 'modules.dataMining.notificationEmail', defaultMessage: 'Notification Email' })}
      >
        <Input
          id="job-email"
          type="email"
          value={form.notificationEmail}
          onChange={(e) => set({ notificationEmail: e.target.value })}
          placeholder={intl.formatMessage({
            id: 'modules.dataMining.youExampleCom',
            defaultMessage: 'you@example.com',
          })}
        />
      </Field>
    </div>
  );
}

export function DataSourceFields({ form, set }: FieldsProps) {
  const intl = useIntl();
  const word = useWord();
  const options = MINING_DATASETS.map((d) => ({ value: d.id, label: d.name }));
  const chosen = MINING_DATASETS.find((d) => d.id === form.dataSource);
  return (
    <div className="flex flex-col gap-3">
      <Field
        id="job-source"
        label={intl.formatMessage({ id: 'modules.dataMining.dataSource', defaultMessage: 'Data Source *' })}
      >
        <Choice
          id="job-source"
          value={form.dataSource}
          placeholder={intl.formatMessage({
            id: 'modules.dataMining.selectADataSource',
            defaultMessage: 'Select a data source',
          })}
          options={options}
          onChange={(dataSource) => set({ dataSource })}
        />
      </Field>
      {chosen && (
        <p className="text-sm text-muted-foreground">
          <FormattedMessage
            id="modules.dataMining.records"
            defaultMessage="{records} records"
            values={{ records: chosen.records }}
          />{' '}
          · {word(chosen.type)}
        </p>
      )}
    </div>
  );
}

export function AlgorithmFields({ form, set }: FieldsProps) {
  const tx = useText();
  const word = useWord();
  const intl = useIntl();
  const options = MINING_ALGORITHMS.map((a) => ({ value: a.id, label: `${tx(a.name)} (${word(a.complexity)})` }));
  const chosen = MINING_ALGORITHMS.find((a) => a.id === form.algorithm);
  return (
    <div className="flex flex-col gap-3">
      <Field
        id="job-algorithm"
        label={intl.formatMessage({ id: 'modules.dataMining.algorithm', defaultMessage: 'Algorithm *' })}
      >
        <Choice
          id="job-algorithm"
          value={form.algorithm}
          placeholder={intl.formatMessage({
            id: 'modules.dataMining.selectAnAlgorithm',
            defaultMessage: 'Select an algorithm',
          })}
          options={options}
          onChange={(algorithm) => set({ algorithm })}
        />
      </Field>
      {chosen && (
        <p className="text-sm text-muted-foreground">
          {tx(chosen.description)} ·{' '}
          <FormattedMessage
            id="modules.dataMining.complexity"
            defaultMessage="{level} complexity"
            values={{ level: word(chosen.complexity) }}
          />
        </p>
      )}
    </div>
  );
}

export function ScheduleFields({ form, set }: FieldsProps) {
  const intl = useIntl();
  return (
    <div className="flex flex-col gap-4">
      <Field
        id="job-schedule"
        label={intl.formatMessage({ id: 'modules.dataMining.scheduleType', defaultMessage: 'Schedule Type *' })}
      >
        <Choice
          id="job-schedule"
          value={form.scheduleType}
          placeholder={intl.formatMessage({
            id: 'modules.dataMining.selectASchedule',
            defaultMessage: 'Select a schedule',
          })}
          options={SCHEDULE_TYPES}
          onChange={(scheduleType) => set({ scheduleType })}
        />
      </Field>
      {form.scheduleType === 'custom' && (
        <Field
          id="job-cron"
          label={intl.formatMessage({ id: 'modules.dataMining.cronExpression', defaultMessage: 'Cron Expression' })}
        >
          <Input
            id="job-cron"
            className="font-mono"
            value={form.cronExpression}
            onChange={(e) => set({ cronExpression: e.target.value })}
            placeholder={PLACEHOLDERS.cron}
          />
          <span className="text-xs text-muted-foreground">
            <FormattedMessage
              id="modules.dataMining.cronExample"
              defaultMessage="Example: {cron} runs every 6 hours"
              values={{ cron: PLACEHOLDERS.cron }}
            />
          </span>
        </Field>
      )}
      <Field
        id="job-timeout"
        label={intl.formatMessage({ id: 'modules.dataMining.timeoutMinutes', defaultMessage: 'Timeout (minutes)' })}
      >
        <Input
          id="job-timeout"
          type="number"
          min={1}
          value={form.timeoutMinutes}
          onChange={(e) => set({ timeoutMinutes: e.target.value })}
          placeholder={PLACEHOLDERS.timeout}
        />
      </Field>
    </div>
  );
}

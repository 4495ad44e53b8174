import { defineMessages } from 'react-intl';
import type { Text } from '../shared/text';

/** The New Mining Job dialog's values (spec §5: only the first four are required). */
export interface MiningJobForm {
  name: string;
  description: string;
  priority: string;
  notificationEmail: string;
  dataSource: string;
  algorithm: string;
  scheduleType: string;
  cronExpression: string;
  timeoutMinutes: string;
}

export const EMPTY_MINING_JOB: MiningJobForm = {
  name: '',
  description: '',
  priority: '',
  notificationEmail: '',
  dataSource: '',
  algorithm: '',
  scheduleType: '',
  cronExpression: '',
  timeoutMinutes: '',
};

/** The four required fields (spec §5), each with the tab it is on, in the order the tabs come. */
const words = defineMessages({
  jobName: { id: 'modules.dataMining.required.jobName', defaultMessage: 'Job Name' },
  basicInfo: { id: 'modules.dataMining.required.basicInfo', defaultMessage: 'Basic Info' },
  dataSource: { id: 'modules.dataMining.required.dataSource', defaultMessage: 'Data Source' },
  algorithm: { id: 'modules.dataMining.required.algorithm', defaultMessage: 'Algorithm' },
  scheduleType: { id: 'modules.dataMining.required.scheduleType', defaultMessage: 'Schedule Type' },
  schedule: { id: 'modules.dataMining.required.schedule', defaultMessage: 'Schedule' },
});

const REQUIRED: { key: keyof MiningJobForm; label: Text; tab: Text }[] = [
  { key: 'name', label: words.jobName, tab: words.basicInfo },
  { key: 'dataSource', label: words.dataSource, tab: words.dataSource },
  { key: 'algorithm', label: words.algorithm, tab: words.algorithm },
  { key: 'scheduleType', label: words.scheduleType, tab: words.schedule },
];

const english = (text: Text) => (typeof text === 'string' ? text : String(text.defaultMessage));

/**
 * What still blocks Create: "Job Name (Basic Info)", … in tab order; empty when Create may run.
 * `say` puts the words in the reader's language (useText); English without it.
 */
export function missingMiningJobFields(form: MiningJobForm, say: (text: Text) => string = english): string[] {
  return REQUIRED.filter(({ key }) => form[key].trim() === '').map(({ label, tab }) =>
    label === tab ? say(label) : `${say(label)} (${say(tab)})`,
  );
}

/** Create is enabled once job name, data source, algorithm and schedule type are all chosen (spec §5). */
export function canCreateMiningJob(form: MiningJobForm): boolean {
  return missingMiningJobFields(form).length === 0;
}

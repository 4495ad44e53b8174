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
const REQUIRED: { key: keyof MiningJobForm; label: string; tab: string }[] = [
  { key: 'name', label: 'Job Name', tab: 'Basic Info' },
  { key: 'dataSource', label: 'Data Source', tab: 'Data Source' },
  { key: 'algorithm', label: 'Algorithm', tab: 'Algorithm' },
  { key: 'scheduleType', label: 'Schedule Type', tab: 'Schedule' },
];

/** What still blocks Create: "Job Name (Basic Info)", … in tab order; empty when Create may run. */
export function missingMiningJobFields(form: MiningJobForm): string[] {
  return REQUIRED.filter(({ key }) => form[key].trim() === '').map(({ label, tab }) =>
    label === tab ? label : `${label} (${tab})`,
  );
}

/** Create is enabled once job name, data source, algorithm and schedule type are all chosen (spec §5). */
export function canCreateMiningJob(form: MiningJobForm): boolean {
  return missingMiningJobFields(form).length === 0;
}

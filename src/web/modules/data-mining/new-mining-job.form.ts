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

/** Create is enabled once job name, data source, algorithm and schedule type are all chosen (spec §5). */
export function canCreateMiningJob(form: MiningJobForm): boolean {
  return form.name.trim() !== '' && form.dataSource !== '' && form.algorithm !== '' && form.scheduleType !== '';
}

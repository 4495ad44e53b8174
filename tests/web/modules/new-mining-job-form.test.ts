import { describe, expect, it } from 'vitest';
import { canCreateMiningJob, EMPTY_MINING_JOB } from '@/modules/data-mining/new-mining-job.form';
import { MINING_ALGORITHMS, MINING_DATASETS, PRIORITIES, SCHEDULE_TYPES } from '@/modules/data-mining/data-mining.data';
import type { Text } from '@/modules/shared/text';

/** The English of a sample value (a message's defaultMessage). */
const english = (text: Text) => (typeof text === 'string' ? text : String(text.defaultMessage));

const complete = {
  ...EMPTY_MINING_JOB,
  name: 'Clusters',
  dataSource: 'talent-profiles',
  algorithm: 'skill-clustering',
  scheduleType: 'daily',
};

describe('New Mining Job (spec §5, §9)', () => {
  it('enables Create only with job name, data source, algorithm and schedule type', () => {
    expect(canCreateMiningJob(EMPTY_MINING_JOB)).toBe(false);
    expect(canCreateMiningJob(complete)).toBe(true);
    for (const key of ['name', 'dataSource', 'algorithm', 'scheduleType'] as const) {
      expect(canCreateMiningJob({ ...complete, [key]: '' })).toBe(false);
    }
    expect(canCreateMiningJob({ ...complete, name: '   ' })).toBe(false);
  });

  it('does not require description, timeout, priority or e-mail', () => {
    expect(
      canCreateMiningJob({ ...complete, description: '', timeoutMinutes: '', priority: '', notificationEmail: '' }),
    ).toBe(true);
  });

  it('offers the options of spec §9', () => {
    expect(MINING_DATASETS.map((d) => english(d.name))).toEqual([
      'Talent Profiles',
      'Job Postings',
      'Compensation Data',
      'Skills Database',
      'Market Trends',
    ]);
    expect(MINING_ALGORITHMS.map((a) => `${english(a.name)} ${a.complexity}`)).toEqual([
      'Skill Clustering Medium',
      'Salary Prediction High',
      'Talent Matching High',
      'Trend Analysis Medium',
      'Career Path Discovery Low',
    ]);
    expect(SCHEDULE_TYPES.map((s) => s.value)).toEqual(['immediate', 'daily', 'weekly', 'monthly', 'custom']);
    expect(PRIORITIES.map((p) => p.value)).toEqual(['low', 'normal', 'high', 'critical']);
  });
});

describe('New Mining Job guidance', () => {
  it('names what still blocks Create, in tab order, and nothing once it may run', async () => {
    const { missingMiningJobFields } = await import('@/modules/data-mining/new-mining-job.form');
    expect(missingMiningJobFields(EMPTY_MINING_JOB)).toEqual([
      'Job Name (Basic Info)',
      'Data Source',
      'Algorithm',
      'Schedule Type (Schedule)',
    ]);
    expect(missingMiningJobFields({ ...complete, algorithm: '' })).toEqual(['Algorithm']);
    expect(missingMiningJobFields(complete)).toEqual([]);
  });
});

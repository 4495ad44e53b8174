import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2E } from './harness';

async function choose(page: Page, tab: string, field: string, option: string) {
  await page.getByRole('dialog').getByRole('tab', { name: tab }).click();
  await page.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option }).click();
}

describe('New Mining Job dialog (spec §4, §5, §9)', () => {
  const e2e = useE2E();

  it('enables Create only once name, data source, algorithm and schedule are chosen, then logs the values and closes', async () => {
    const { page } = e2e;
    const logged: unknown[][] = [];
    page.on('console', async (m) => {
      if (m.type() === 'log') logged.push(await Promise.all(m.args().map((a) => a.jsonValue())));
    });
    await page.goto('/demo/data-mining');
    await page.getByRole('button', { name: 'New Mining Job' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Mining Job' });
    await dialog.waitFor();
    expect(await dialog.getByRole('tab').allTextContents()).toEqual([
      'Basic Info',
      'Data Source',
      'Algorithm',
      'Schedule',
    ]);
    const create = dialog.getByRole('button', { name: 'Create Job' });
    expect(await create.isDisabled()).toBe(true);
    expect(await dialog.getByRole('combobox', { name: 'Priority' }).textContent()).toBe('Normal');

    await dialog.getByLabel('Job Name').fill('Skill map 2027');
    await dialog.getByLabel('Notification Email').fill('ops@example.test');
    expect(await create.isDisabled()).toBe(true);
    await choose(page, 'Data Source', 'Data Source *', 'Compensation Data');
    expect(await create.isDisabled()).toBe(true);
    await dialog.getByRole('tab', { name: 'Algorithm' }).click();
    await dialog.getByRole('combobox', { name: 'Algorithm *' }).click();
    expect(await page.getByRole('option').allTextContents()).toEqual([
      'Skill Clustering (Medium)',
      'Salary Prediction (High)',
      'Talent Matching (High)',
      'Trend Analysis (Medium)',
      'Career Path Discovery (Low)',
    ]);
    await page.getByRole('option', { name: 'Salary Prediction (High)' }).click();
    expect(await create.isDisabled()).toBe(true);

    await dialog.getByRole('tab', { name: 'Schedule' }).click();
    expect(await dialog.getByLabel('Timeout (minutes)').getAttribute('placeholder')).toBe('60');
    expect(await dialog.getByLabel('Cron Expression').count()).toBe(0);
    await dialog.getByRole('combobox', { name: 'Schedule Type *' }).click();
    expect(await page.getByRole('option').allTextContents()).toEqual([
      'Immediate',
      'Daily',
      'Weekly',
      'Monthly',
      'Custom (cron)',
    ]);
    await page.getByRole('option', { name: 'Custom (cron)' }).click();
    const cron = dialog.getByLabel('Cron Expression');
    expect(await cron.getAttribute('placeholder')).toBe('0 */6 * * *');
    await cron.fill('0 3 * * 1');
    expect(await create.isEnabled()).toBe(true);

    // Emptying the name disables Create again.
    await dialog.getByRole('tab', { name: 'Basic Info' }).click();
    await dialog.getByLabel('Job Name').fill('');
    expect(await create.isDisabled()).toBe(true);
    await dialog.getByLabel('Job Name').fill('Skill map 2027');

    expect(logged).toEqual([]);
    await create.click();
    await dialog.waitFor({ state: 'detached' });
    expect(logged).toHaveLength(1);
    expect(logged[0][0]).toBe('Creating mining job:');
    expect(logged[0][1]).toMatchObject({
      name: 'Skill map 2027',
      notificationEmail: 'ops@example.test',
      dataSource: 'compensation-data',
      algorithm: 'salary-prediction',
      scheduleType: 'custom',
      cronExpression: '0 3 * * 1',
    });
  });

  it('Cancel closes without logging, and a reopened dialog starts empty', async () => {
    const { page } = e2e;
    const logs: string[] = [];
    page.on('console', (m) => m.type() === 'log' && logs.push(m.text()));
    await page.goto('/demo/data-mining');
    await page.getByRole('button', { name: 'New Mining Job' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Mining Job' });
    await dialog.getByLabel('Job Name').fill('Throwaway');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'New Mining Job' }).click();
    expect(await dialog.getByLabel('Job Name').inputValue()).toBe('');
    expect(await dialog.getByRole('button', { name: 'Create Job' }).isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(logs).toEqual([]);
  });
});

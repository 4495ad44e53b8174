import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2E } from './harness';
import { CHECKLIST_CATEGORIES } from './routes-screens';

const figures = async (page: Page) => {
  const text = async (id: string) => (await page.getByTestId(id).textContent())?.trim();
  return {
    overall: await text('overall-progress'),
    completed: await text('tasks-completed'),
    hours: await text('hours-remaining'),
    critical: await text('critical-completed'),
    criticalRemaining: await text('critical-remaining'),
    highRemaining: await text('high-remaining'),
    hoursToMvp: await text('hours-to-mvp'),
  };
};

const priorityLine = async (page: Page, priority: string) =>
  (await page.locator(`[data-testid="priority-progress"][data-priority="${priority}"]`).textContent())?.replace(
    /\s+/g,
    ' ',
  );

const toggle = (page: Page, title: string) => page.getByRole('checkbox', { name: title }).click();

describe('/final-todo checklist in a real browser', () => {
  const e2e = useE2E();

  it('starts unchecked and updates every figure, including hours to MVP, as tasks are toggled', async () => {
    const { page } = e2e;
    await page.goto('/final-todo');
    await page.getByRole('heading', { name: 'Final To-Do Checklist' }).waitFor();
    expect(await page.getByRole('checkbox', { checked: true }).count()).toBe(0);
    expect(await page.getByRole('checkbox').count()).toBe(20);
    expect(await figures(page)).toEqual({
      overall: '0%',
      completed: '0 of 20',
      hours: '196 of 196 h',
      critical: '0 of 4',
      criticalRemaining: '4',
      highRemaining: '7',
      hoursToMvp: '120',
    });

    await toggle(page, 'Complete production authentication'); // Critical, 8 h
    expect(await figures(page)).toEqual({
      overall: '5%',
      completed: '1 of 20',
      hours: '188 of 196 h',
      critical: '1 of 4',
      criticalRemaining: '3',
      highRemaining: '7',
      hoursToMvp: '112',
    });
    expect(await priorityLine(page, 'Critical')).toContain('25%');
    expect(await priorityLine(page, 'Critical')).toContain('1 of 4 tasks');
    const title = page.getByText('Complete production authentication', { exact: true });
    expect(await title.evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe('line-through');

    await toggle(page, 'Data mining job runner'); // High, 20 h
    await toggle(page, 'SEO metadata'); // Low, 4 h: no effect on the MVP figures
    expect(await figures(page)).toEqual({
      overall: '15%',
      completed: '3 of 20',
      hours: '164 of 196 h',
      critical: '1 of 4',
      criticalRemaining: '3',
      highRemaining: '6',
      hoursToMvp: '92',
    });
    expect(await priorityLine(page, 'High')).toContain('1 of 7 tasks');
    expect(await priorityLine(page, 'Low')).toContain('25%');

    // Unticking (by keyboard) puts everything back.
    await page.getByRole('checkbox', { name: 'Complete production authentication' }).focus();
    await page.keyboard.press('Space');
    expect(await title.evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe('none');
    expect(await figures(page)).toEqual({
      overall: '10%',
      completed: '2 of 20',
      hours: '172 of 196 h',
      critical: '0 of 4',
      criticalRemaining: '4',
      highRemaining: '6',
      hoursToMvp: '100',
    });
  });

  it('groups By Priority and By Category in the spec order, keeping ticks across tabs, and forgets them on reload', async () => {
    const { page } = e2e;
    await page.goto('/final-todo');
    await page.getByRole('heading', { name: 'Final To-Do Checklist' }).waitFor();
    const groups = () =>
      page.getByTestId('task-group').evaluateAll((els) => els.map((e) => e.getAttribute('data-group')));
    expect(await groups()).toEqual(['Critical', 'High', 'Medium', 'Low']);
    expect((await page.locator('[data-group="Critical"]').textContent())?.replace(/\s+/g, ' ')).toContain(
      '0 of 4 tasks',
    );
    await toggle(page, 'Cross-platform API integration');

    await page.getByRole('tab', { name: 'By Category' }).click();
    expect(await groups()).toEqual(CHECKLIST_CATEGORIES);
    expect(
      await page.getByRole('checkbox', { name: 'Cross-platform API integration' }).getAttribute('aria-checked'),
    ).toBe('true');
    expect((await page.locator('[data-group="Integration"]').textContent())?.replace(/\s+/g, ' ')).toContain(
      '1 of 1 tasks',
    );
    expect(await page.locator('[data-group="Features"] [data-testid="checklist-task"]').count()).toBe(5);
    // A task shows its category, hours, dependencies and notes.
    const runner = page.getByTestId('checklist-task').filter({ hasText: 'Data mining job runner' });
    const runnerText = (await runner.textContent())?.replace(/\s+/g, ' ');
    expect(runnerText).toContain('20 h');
    expect(runnerText).toContain('Depends on #3');
    expect(runnerText).toContain('Note: Needs a job queue decision first.');

    const footer = (await page.getByTestId('checklist-footer').textContent())?.replace(/\s+/g, ' ');
    expect(footer).toContain('Ready for Production Deployment');
    expect(footer).toMatch(/Critical and High/);

    await page.reload();
    await page.getByRole('heading', { name: 'Final To-Do Checklist' }).waitFor();
    expect(await page.getByRole('checkbox', { checked: true }).count()).toBe(0);
    expect(await page.getByTestId('hours-to-mvp').textContent()).toBe('120');
  });
});

import { describe, expect, it } from 'vitest';
import { CHECKLIST_TASKS } from '@/features/final-todo/final-todo.data';
import { CHECKLIST_CATEGORIES } from '../../e2e/routes-screens';

const byPriority = (p: string) => CHECKLIST_TASKS.filter((t) => t.priority === p);

describe('final to-do checklist data (spec §3, §9)', () => {
  it('has 20 tasks with unique ids, all unchecked', () => {
    expect(CHECKLIST_TASKS).toHaveLength(20);
    expect(new Set(CHECKLIST_TASKS.map((t) => t.id)).size).toBe(20);
    expect(CHECKLIST_TASKS.every((t) => t.completed === false)).toBe(true);
  });

  it('has 4 Critical, 7 High, 5 Medium and 4 Low tasks', () => {
    expect(
      [byPriority('Critical'), byPriority('High'), byPriority('Medium'), byPriority('Low')].map((g) => g.length),
    ).toEqual([4, 7, 5, 4]);
  });

  it('has the four Critical tasks of the spec at 8, 6, 4 and 6 hours', () => {
    const critical = byPriority('Critical');
    expect(critical.map((t) => t.estimatedHours)).toEqual([8, 6, 4, 6]);
    expect(critical[0].category).toBe('Authentication');
    expect(critical[1].title.defaultMessage).toMatch(/credential encryption migration/i);
    expect(critical[2].title.defaultMessage).toMatch(/production database policies/i);
    expect(critical[3].title.defaultMessage).toMatch(/production environment/i);
  });

  it('has five feature tasks, cross-platform API integration and responsive design as High', () => {
    const high = byPriority('High');
    expect(high.filter((t) => t.category === 'Features')).toHaveLength(5);
    expect(
      high.some(
        (t) => /cross-platform api integration/i.test(String(t.title.defaultMessage)) && t.category === 'Integration',
      ),
    ).toBe(true);
    expect(high.some((t) => /responsive design/i.test(String(t.title.defaultMessage)) && t.category === 'UI/UX')).toBe(
      true,
    );
  });

  it('uses exactly the 16 categories of the spec', () => {
    expect(new Set(CHECKLIST_TASKS.map((t) => t.category))).toEqual(new Set(CHECKLIST_CATEGORIES));
  });

  it('keeps the other estimates within 4 to 20 hours, using both ends', () => {
    const others = CHECKLIST_TASKS.filter((t) => t.priority !== 'Critical').map((t) => t.estimatedHours);
    expect(Math.min(...others)).toBe(4);
    expect(Math.max(...others)).toBe(20);
  });

  it('refers only to existing, other tasks in dependencies, and has notes on some tasks', () => {
    const ids = new Set(CHECKLIST_TASKS.map((t) => t.id));
    for (const t of CHECKLIST_TASKS)
      for (const d of t.dependencies ?? []) {
        expect(ids.has(d)).toBe(true);
        expect(d).not.toBe(t.id);
      }
    expect(CHECKLIST_TASKS.some((t) => t.notes)).toBe(true);
    expect(CHECKLIST_TASKS.some((t) => !t.notes)).toBe(true);
  });
});

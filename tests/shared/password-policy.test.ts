import { describe, expect, it } from 'vitest';
import {
  checkPassword,
  passwordProblems,
  PASSWORD_MESSAGES,
  strengthLabel,
  PASSWORD_MAX_LENGTH,
} from '../../src/shared/password-policy';
import { isCommonPassword } from '../../src/shared/auth-common-passwords';
import { blockMinutesFor } from '../../src/shared/auth-limits';

describe('password policy (spec §5)', () => {
  it('length: 11 characters fail, 12 pass', () => {
    expect(checkPassword('Ab1!wqmz2Kp').feedback).toContain(PASSWORD_MESSAGES.length); // 11
    const twelve = checkPassword('Ab1!wqmz2Kpx');
    expect(twelve.feedback).toEqual([]);
    expect(twelve).toMatchObject({ score: 4, label: 'Strong', valid: true });
  });

  it('each character class has its own message', () => {
    expect(checkPassword('AB1!WQMZ2KPX').feedback).toEqual([PASSWORD_MESSAGES.lowercase]);
    expect(checkPassword('ab1!wqmz2kpx').feedback).toEqual([PASSWORD_MESSAGES.uppercase]);
    expect(checkPassword('Ab!!wqmz!Kpx').feedback).toEqual([PASSWORD_MESSAGES.number]);
    expect(checkPassword('Ab1xwqmz2Kpx').feedback).toEqual([PASSWORD_MESSAGES.special]);
  });

  it("repeating: 'aa' is allowed, 'aaa' is refused", () => {
    expect(checkPassword('Kaa1!wqmz2Kpx').feedback).toEqual([]);
    const three = checkPassword('Kaaa1!wqmz2Kp');
    expect(three.feedback).toEqual([PASSWORD_MESSAGES.repeating]);
    expect(three).toMatchObject({ score: 3, label: 'Good', valid: false });
  });

  it("sequential: 'abc', 'xyz', '123', '789' and upper-case runs are refused", () => {
    for (const run of ['abc', 'xyz', '123', '789', 'ABC', 'XYZ']) {
      const check = checkPassword(`Kp!9w${run}Qm!2f`);
      expect(check.feedback, run).toContain(PASSWORD_MESSAGES.sequential);
      expect(check.valid).toBe(false);
    }
    // 'acb' and '135' are not runs.
    expect(checkPassword('Kp!9wacbQm!2f135').feedback).toEqual([]);
  });

  it('score counts satisfied checks up to 4; each of the last two problems subtracts 1; labels per level', () => {
    expect(checkPassword('')).toMatchObject({ score: 0, label: 'Weak' });
    expect(checkPassword('a')).toMatchObject({ score: 1, label: 'Weak' });
    expect(checkPassword('aB')).toMatchObject({ score: 2, label: 'Fair' });
    expect(checkPassword('aB1')).toMatchObject({ score: 3, label: 'Good' });
    expect(checkPassword('aB1!')).toMatchObject({ score: 4, label: 'Strong', valid: false }); // too short: feedback
    expect(checkPassword('aaaB1!xyzqwe')).toMatchObject({ score: 2, label: 'Fair' }); // 4 checks + repeating + sequential
    expect([0, 1, 2, 3, 4].map(strengthLabel)).toEqual(['Weak', 'Weak', 'Fair', 'Good', 'Strong']);
  });

  it(`server side: up to ${PASSWORD_MAX_LENGTH} characters accepted (≥128 per ASVS), longer refused`, () => {
    const long = 'Kp!9w'.repeat(26) + 'Zz'; // 132 characters, no runs
    expect(long.length).toBeGreaterThanOrEqual(128);
    expect(passwordProblems(long, { isCommon: isCommonPassword })).toEqual([]);
    const tooLong = 'Kp!9w'.repeat(60);
    expect(passwordProblems(tooLong)).toContain(PASSWORD_MESSAGES.tooLong);
  });

  it('common passwords (top 10,000, offline) are refused with their own message', () => {
    expect(isCommonPassword('password')).toBe(true);
    expect(isCommonPassword('Sonyericsson')).toBe(true);
    expect(isCommonPassword('Leavemealone2!')).toBe(true); // a listed word dressed up
    expect(passwordProblems('Leavemealone2!', { isCommon: isCommonPassword })).toEqual([PASSWORD_MESSAGES.common]);
    expect(isCommonPassword('Cobalt-Harbor-1947!')).toBe(false);
  });
});

describe('sign-in block arithmetic (spec §9)', () => {
  it('count × 2 minutes from the fifth failure, capped at 30', () => {
    expect([1, 4, 5, 6, 10, 14, 15, 20, 100].map(blockMinutesFor)).toEqual([0, 0, 10, 12, 20, 28, 30, 30, 30]);
  });
});

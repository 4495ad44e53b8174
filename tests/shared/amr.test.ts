import { describe, expect, it } from 'vitest';
import { isAmrValue, isMultiFactor } from '../../src/shared/amr';

/** Issue 38, finding 10: one rule for "multi-factor", and `otp` or `hwk` alone is not. */
describe('isMultiFactor (RFC 8176 amr)', () => {
  it.each([
    [['otp'], false],
    [['hwk'], false],
    [['swk'], false],
    [['pwd'], false],
    [['fed'], false],
    [[], false],
    // Two methods of one factor are still one factor.
    [['otp', 'hwk'], false],
    [['sms', 'otp'], false],
    [['pwd', 'pin', 'kba'], false],
    // Values that are no factor of their own add none.
    [['pwd', 'geo', 'rba', 'mca', 'user', 'wia'], false],
    [['pwd', 'otp'], true],
    [['pwd', 'hwk'], true],
    [['fpt', 'hwk'], true],
    [['mfa'], true],
    [['hwk', 'mfa'], true],
    [['fed', 'pwd', 'otp', 'mfa'], true],
  ])('%j → %s', (amr, expected) => {
    expect(isMultiFactor(amr)).toBe(expected);
  });

  it('knows RFC 8176’s registered values only', () => {
    expect(['otp', 'hwk', 'pwd', 'mfa', 'wia'].every(isAmrValue)).toBe(true);
    expect(['fed', 'toString', '__proto__', 'OTP'].some(isAmrValue)).toBe(false);
  });
});

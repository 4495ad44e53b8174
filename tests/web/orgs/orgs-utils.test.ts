import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import {
  assignableBuiltInRoles,
  builtInRoleOf,
  customRolesOf,
  inviteFormError,
  joinedViaKey,
  mayDo,
  rankOf,
  roleLabel,
  roleText,
} from '@/features/orgs/orgs.utils';
import { slugOf } from '@/lib/slug';

describe('what the organization screens offer (mirrors src/server/orgs/service.ts)', () => {
  it('ranks the built-in roles, custom names count for nothing', () => {
    expect(rankOf(['owner'])).toBe(3);
    expect(rankOf(['admin', 'recruiter'])).toBe(2);
    expect(rankOf(['member'])).toBe(1);
    expect(rankOf(['recruiter'])).toBe(0);
  });

  it('members read, admins manage members, invitations and domains, owners the rest; an ecosystem admin all', () => {
    expect(mayDo('manage_members', ['member'], 'member')).toBe(false);
    expect(mayDo('manage_members', ['admin'], 'member')).toBe(true);
    expect(mayDo('manage_invitations', ['admin'], 'member')).toBe(true);
    expect(mayDo('manage_domains', ['admin'], 'member')).toBe(true);
    expect(mayDo('update_policies', ['admin'], 'member')).toBe(false);
    expect(mayDo('delete', ['admin'], 'member')).toBe(false);
    expect(mayDo('delete', ['owner'], 'member')).toBe(true);
    expect(mayDo('delete', [], 'admin')).toBe(true);
  });

  it('admins cannot hand out owner; owners and ecosystem admins can', () => {
    expect(assignableBuiltInRoles(['admin'], 'member')).toEqual(['admin', 'member']);
    expect(assignableBuiltInRoles(['owner'], 'member')).toEqual(['owner', 'admin', 'member']);
    expect(assignableBuiltInRoles([], 'admin')).toEqual(['owner', 'admin', 'member']);
  });

  it('splits a member’s roles into the built-in one and custom names', () => {
    expect(builtInRoleOf(['member', 'recruiter'])).toBe('member');
    expect(builtInRoleOf(['recruiter'])).toBe('member');
    expect(customRolesOf(['member', 'recruiter', 'hiring_manager'])).toEqual(['recruiter', 'hiring_manager']);
  });
});

describe('the invitation form’s own checks, before the server’s', () => {
  it('asks for an address, then a well-formed one, then a role name', () => {
    const text = (problem: ReturnType<typeof inviteFormError>) =>
      problem && [problem.field, createIntl({ locale: 'en' }).formatMessage(problem.message)];
    expect(text(inviteFormError('', 'member'))).toEqual(['email', 'Enter the email address to invite.']);
    expect(text(inviteFormError('rita@', 'member'))).toEqual(['email', 'Enter a valid email address.']);
    expect(text(inviteFormError('rita@acme.test', 'Recruiter!'))).toEqual([
      'role',
      expect.stringMatching(/^Choose a role/),
    ]);
    expect(inviteFormError(' rita@acme.test ', 'recruiter')).toBeNull();
  });
});

describe('words', () => {
  it('role labels (built-in ones in the active language), how a member joined, and slugs from names', () => {
    const intl = createIntl({ locale: 'en' });
    expect(roleLabel('hiring_manager')).toBe('Hiring manager');
    expect(roleText(intl, 'hiring_manager')).toBe('Hiring manager');
    expect(roleText(createIntl({ locale: 'de', messages: { 'orgs.role.owner': 'Inhaber' } }), 'owner')).toBe('Inhaber');
    expect(roleText(intl, 'constructor')).toBe('Constructor');
    expect(joinedViaKey('invitation')).toBe('invitation');
    expect(joinedViaKey('something-new')).toBe('other');
    expect(slugOf('Acme Hiring, Inc.')).toBe('acme-hiring-inc');
    expect(slugOf('  Café Ñandú  ')).toBe('cafe-nandu');
    expect(slugOf('x'.repeat(60))).toHaveLength(48);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { createIntl } from 'react-intl';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError, api, handleRefusal } from '@/lib/api';
import { waitText } from '@/lib/format';
import { mfaLabel } from '@/features/admin/admin.utils';
import { passkeyErrorText } from '@/features/auth/auth.utils';
import { MfaStep } from '@/features/auth/mfa-step';
import StepUpDialog from '@/features/step-up/step-up-dialog';
import { mockWebApi, ok, refusal } from '../../helpers/web-api-mock';
import { renderWithQuery } from '../../helpers/web-render';

const REAUTH = refusal(403, 'reauthentication_required', 'Authenticate again.');

describe('refusals the app answers itself (step-up, MFA enrolment)', () => {
  it('a step-up refusal waits for the handler, then sends the same request once more', async () => {
    const hub = mockWebApi({ 'PUT /api/admin/users/u1/roles': [REAUTH, ok({ roles: ['user'] })] });
    const handler = vi.fn(async () => true);
    const off = handleRefusal('reauthentication_required', handler);
    await expect(api.put('/api/admin/users/u1/roles', { roles: ['user'] })).resolves.toEqual({ roles: ['user'] });
    off();
    expect(handler).toHaveBeenCalledTimes(1);
    expect(hub.calls.map((c) => `${c.method} ${c.url} ${JSON.stringify(c.body)}`)).toEqual([
      'PUT /api/admin/users/u1/roles {"roles":["user"]}',
      'PUT /api/admin/users/u1/roles {"roles":["user"]}',
    ]);
  });

  it('a cancelled step-up, or a second refusal after it, reaches the caller as the API error (no loop)', async () => {
    const hub = mockWebApi({ 'POST /api/admin/oauth-clients/c1/secret': REAUTH });
    const cancel = handleRefusal('reauthentication_required', () => false);
    await expect(api.post('/api/admin/oauth-clients/c1/secret')).rejects.toMatchObject({
      status: 403,
      code: 'reauthentication_required',
    });
    cancel();
    const handler = vi.fn(() => true);
    const off = handleRefusal('reauthentication_required', handler);
    await expect(api.post('/api/admin/oauth-clients/c1/secret')).rejects.toBeInstanceOf(ApiError);
    expect(handler).toHaveBeenCalledTimes(1);
    off();
    expect(hub.calls).toHaveLength(3);
  });
});

describe('the step-up dialog', () => {
  function renderDialog(mfa: { totp: boolean; passkeys: number }) {
    mockWebApi({ 'GET /api/me': ok({ user: { id: 'u1', email: 'a@hub.test' }, mfa }) });
    renderWithQuery(<StepUpDialog onDone={() => undefined} />);
  }

  it('asks a passkey-only account for its passkey, not for a password the server would refuse alone', async () => {
    renderDialog({ totp: false, passkeys: 1 });
    await screen.findByText(
      'This action needs a recent sign-in. Confirm with your passkey; the action then continues.',
    );
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(screen.getByRole('button', { name: 'Use a passkey' })).toHaveProperty('type', 'submit');
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
  });

  it('asks for the password and a code when the account has an app, and offers its passkey beside them', async () => {
    renderDialog({ totp: true, passkeys: 1 });
    await screen.findByLabelText('Authentication code');
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Use a passkey' })).toHaveProperty('type', 'button');
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveProperty('type', 'submit');
  });
});

describe('account display rules', () => {
  it('says how long a rate-limited request must wait', () => {
    expect(waitText(45)).toBe('Try again in 45 seconds.');
    expect(waitText(1)).toBe('Try again in 1 second.');
    expect(waitText(600)).toBe('Try again in 10 minutes.');
    expect(waitText(undefined)).toBe('Try again in a moment.');
  });

  it("names a user's second factors in the Users tab", () => {
    const intl = createIntl({ locale: 'en' });
    expect(mfaLabel(intl, { totp: false, passkeys: 0 })).toBe('None');
    expect(mfaLabel(intl, { totp: true, passkeys: 0 })).toBe('App');
    expect(mfaLabel(intl, { totp: true, passkeys: 2 })).toBe('App + 2 passkeys');
    expect(mfaLabel(intl, { totp: false, passkeys: 1 })).toBe('1 passkey');
  });

  it("tells a cancelled passkey prompt from the server's refusal", () => {
    const cancelled = Object.assign(new Error('x'), { name: 'NotAllowedError' });
    expect(passkeyErrorText(cancelled)).toBe('The passkey request was canceled or timed out. Try again.');
    expect(passkeyErrorText(new ApiError(401, 'passkey_invalid', 'The passkey could not be verified.'))).toBe(
      'The passkey could not be verified.',
    );
  });
});

describe('the MFA step of a sign-in', () => {
  function renderStep(methods: ('totp' | 'recovery_code' | 'passkey')[]) {
    const onSignedIn = vi.fn();
    renderWithQuery(
      <MfaStep challenge={{ mfa_required: true, methods }} onSignedIn={onSignedIn} onCancel={() => undefined} />,
    );
    return onSignedIn;
  }

  it('asks for the app code with one-time-code autocomplete, or a recovery code, and sends the one chosen', async () => {
    const session = { user: null, session: null, is_ecosystem_admin: false };
    const hub = mockWebApi({
      'POST /api/auth/sign-in/mfa': [
        refusal(401, 'invalid_code', 'The code is not correct.', { attempts_remaining: 4 }),
        ok(session),
      ],
    });
    const onSignedIn = renderStep(['totp', 'recovery_code']);
    const code = screen.getByLabelText('Authentication code');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    fireEvent.change(code, { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByText('The code is not correct. 4 attempts remaining.');
    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    fireEvent.change(screen.getByLabelText('Recovery code'), { target: { value: 'abcde-12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(session));
    expect(hub.calls.map((c) => c.body)).toEqual([{ code: '123456' }, { recovery_code: 'abcde-12345' }]);
  });

  it('offers only what the account has: no recovery link without codes, a passkey button with a passkey', () => {
    renderStep(['passkey']);
    expect(screen.queryByLabelText('Authentication code')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Use a recovery code' })).toBeNull();
    screen.getByRole('button', { name: 'Use a passkey' });
  });
});

import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { SIGN_IN_MESSAGES } from '@shared/auth-limits';
import { LinkIdentityPage } from '@/features/auth/link-identity';
import { LinkedNotice } from '@/features/auth/linked-notice';
import { mockWebApi, ok, refusal as errorReply, reply, type ApiCall, type Reply } from '../../helpers/web-api-mock';
import { renderWithQuery } from '../../helpers/web-render';

/** A refusal as the hub sends it: a 429 says when to try again. */
const refusal = (status: number, code: string, message: string, extra: Record<string, unknown> = {}): Reply => ({
  ...errorReply(status, code, message, extra),
  headers: status === 429 ? { 'retry-after': '600' } : {},
});

const PENDING = {
  provider: { slug: 'acme', display_name: 'Acme SSO' },
  email: 'bob@acme.example',
  expires_at: '2026-11-26T12:10:00.000Z',
};

/** The hub: the pending link, then the answers given for confirm and email, in order. */
function mockHub(answers: { confirm?: Reply[]; email?: Reply[]; pending?: Reply } = {}) {
  return mockWebApi({
    'GET /api/auth/sso/link': answers.pending ?? ok(PENDING),
    'POST /api/auth/sso/link/confirm': answers.confirm ?? [],
    'POST /api/auth/sso/link/email': answers.email ?? [],
    'GET /api/auth/providers': ok({ providers: [{ ...PENDING.provider, protocol: 'oidc' }] }),
  }).calls;
}

function renderPage(onLinked = vi.fn()) {
  renderWithQuery(
    <MemoryRouter initialEntries={['/auth?link=acme']}>
      <LinkIdentityPage onLinked={onLinked} />
    </MemoryRouter>,
  );
  return onLinked;
}

const typePassword = (value: string) => fireEvent.change(screen.getByLabelText('Password'), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Connect and sign in' }));
const posts = (calls: ApiCall[], url: string) => calls.filter((c) => c.method === 'POST' && c.url === url);

describe('/auth?link=<slug>: linking a waiting upstream identity (issue 27)', () => {
  it('names the provider and the account, and the right password links, signs in and goes on to return_to', async () => {
    const calls = mockHub({ confirm: [ok({ linked: true, return_to: '/oauth/authorize?client_id=x' })] });
    const onLinked = renderPage();
    await screen.findByRole('heading', { name: 'Connect Acme SSO to your account' });
    expect(screen.getByText('bob@acme.example')).toBeTruthy();
    typePassword('Cobalt-Harbor-1947!');
    submit();
    await waitFor(() => expect(onLinked).toHaveBeenCalledWith('/oauth/authorize?client_id=x'));
    expect(posts(calls, '/api/auth/sso/link/confirm').map((c) => c.body)).toEqual([
      { password: 'Cobalt-Harbor-1947!' },
    ]);
  });

  it('an empty password is not sent; a wrong one says how many attempts are left and links nothing', async () => {
    const calls = mockHub({
      confirm: [
        refusal(401, 'invalid_credentials', 'The current password is not correct.', {
          attempts_remaining: 3,
          field: 'password',
        }),
      ],
    });
    const onLinked = renderPage();
    await screen.findByRole('heading', { name: 'Connect Acme SSO to your account' });
    submit();
    // Under the field it is about (the one form pattern, ui/field.tsx).
    await screen.findByText('Enter the password of this account.');
    expect(posts(calls, '/api/auth/sso/link/confirm')).toEqual([]);
    typePassword('wrong-one');
    submit();
    await screen.findByText('The password is not correct. 3 attempts remaining.');
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(onLinked).not.toHaveBeenCalled();
  });

  it('asks for the authenticator code when the server does, and sends password and code together', async () => {
    const calls = mockHub({
      confirm: [
        refusal(401, 'invalid_code', 'Enter the code from your authenticator app.', { field: 'code' }),
        ok({ linked: true, return_to: '/account' }),
      ],
    });
    const onLinked = renderPage();
    await screen.findByRole('heading', { name: 'Connect Acme SSO to your account' });
    expect(screen.queryByLabelText('Authentication code')).toBeNull();
    typePassword('Cobalt-Harbor-1947!');
    submit();
    const code = await screen.findByLabelText('Authentication code');
    await screen.findByText('Enter the code from your authenticator app.');
    fireEvent.change(code, { target: { value: '123 456' } });
    submit();
    await waitFor(() => expect(onLinked).toHaveBeenCalledWith('/account'));
    expect(posts(calls, '/api/auth/sso/link/confirm').map((c) => c.body)).toEqual([
      { password: 'Cobalt-Harbor-1947!' },
      { password: 'Cobalt-Harbor-1947!', code: '123456' },
    ]);
  });

  it.each([
    [refusal(429, 'too_many_attempts', 'Blocked.', { retry_after_minutes: 10 }), SIGN_IN_MESSAGES.blocked(10)],
    [
      refusal(409, 'conflict', 'This sign-in is already connected to an account.'),
      'This sign-in is already connected to an account.',
    ],
    [refusal(404, 'not_found', 'This way to sign in is not available.'), 'This way to sign in is not available.'],
    [
      refusal(400, 'invalid_token', 'expired'),
      'This sign-in expired or was finished in another window. Start again from the sign-in page.',
    ],
  ])('a refused confirmation (%#) shows what happened and links nothing', async (answer, text) => {
    mockHub({ confirm: [answer] });
    const onLinked = renderPage();
    await screen.findByRole('heading', { name: 'Connect Acme SSO to your account' });
    typePassword('Cobalt-Harbor-1947!');
    submit();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(text));
    expect(onLinked).not.toHaveBeenCalled();
  });

  it('"Email me a link instead" mails the link and says to check the inbox; too many mails show the server’s words', async () => {
    const calls = mockHub({
      email: [
        refusal(429, 'rate_limited', 'A link was mailed several times already. Please use the latest one.'),
        reply(202, { sent: true, expires_in_minutes: 15 }),
      ],
    });
    renderPage();
    const mail = await screen.findByRole('button', { name: 'Email me a link instead' });
    fireEvent.click(mail);
    await screen.findByText('A link was mailed several times already. Please use the latest one.');
    fireEvent.click(mail);
    const sent = await screen.findByRole('status');
    expect(sent.textContent).toContain('Check your inbox');
    expect(sent.textContent).toContain('bob@acme.example');
    expect(sent.textContent).toContain('within 15 minutes');
    expect(posts(calls, '/api/auth/sso/link/email')).toHaveLength(2);
    expect(screen.queryByLabelText('Password')).toBeNull();
  });

  it('an expired or unknown pending identity says to start again, with the way back to /auth', async () => {
    mockHub({ pending: refusal(400, 'invalid_token', 'This sign-in expired or was finished in another window.') });
    renderPage();
    await screen.findByText(
      'This sign-in expired or was finished in another window. Start again from the sign-in page.',
    );
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/auth');
  });
});

describe('/auth?linked=<slug>', () => {
  it('says which provider is now connected and that the second factor finishes the sign-in', async () => {
    mockHub();
    renderWithQuery(<LinkedNotice slug="acme" />);
    const notice = await screen.findByText('Acme SSO is now connected to your account.');
    expect(notice.closest('[role="status"]')?.textContent).toContain('password and that factor');
  });
});

import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { FormError } from '@/components/form-error';
import { Field, useForm } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { SignUpForm } from '@/features/auth/sign-up-form';
import { ApiError } from '@/lib/api';
import { errorText } from '@/lib/error-text';
import { PASSWORD_MESSAGES, WEAK_PASSWORD_MESSAGE } from '@shared/password-policy';
import { mockWebApi, refusal } from '../helpers/web-api-mock';
import { renderWithQuery } from '../helpers/web-render';

/** A form built the one way: useForm's values and error line, a Field per control. */
function ProbeForm({ refusal }: { refusal: unknown }) {
  const form = useForm({ email: '', password: '' });
  return (
    <form
      aria-label="Probe"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!form.values.email) form.setError('Enter an email.', 'email');
        else form.setServerError(refusal);
      }}
    >
      <Field id="probe-email" label="Email" hint="We never show it." {...form.field('email')}>
        <Input type="email" />
      </Field>
      <Field id="probe-password" label="Password" {...form.field('password')}>
        <Input type="password" />
      </Field>
      <FormError {...form.error} />
      <button type="submit">Send</button>
    </form>
  );
}

const describedBy = (element: HTMLElement) => (element.getAttribute('aria-describedby') ?? '').split(' ');

describe('the web form pattern (ui/field.tsx)', () => {
  it('labels each control and describes it by its hint', () => {
    render(<ProbeForm refusal={null} />);
    const email = screen.getByLabelText('Email');
    expect(email.id).toBe('probe-email');
    expect(describedBy(email)).toEqual(['probe-email-hint']);
    expect(document.getElementById('probe-email-hint')?.textContent).toBe('We never show it.');
    expect(screen.getByLabelText('Password').hasAttribute('aria-describedby')).toBe(false);
  });

  it('shows a field’s words under it, marks it, points it at them and focuses it; an edit of that field clears them', () => {
    render(<ProbeForm refusal={null} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const email = screen.getByLabelText('Email');
    const words = document.getElementById('probe-email-error')!;
    expect(words.textContent).toBe('Enter an email.');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(email)).toEqual(['probe-email-hint', 'probe-email-error']);
    expect(document.activeElement).toBe(email);
    expect(screen.getByLabelText('Password').hasAttribute('aria-invalid')).toBe(false);
    // No form line repeats what the field says.
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'x' } });
    expect(email.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(email, { target: { value: 'a' } });
    expect(document.getElementById('probe-email-error')).toBeNull();
    expect(email.hasAttribute('aria-invalid')).toBe(false);
    expect(describedBy(email)).toEqual(['probe-email-hint']);
  });

  it("puts every issue of the server's 400 under its field at once, in plain words, and focuses the first", async () => {
    const refusal = new ApiError(400, 'invalid_request', 'email: Invalid email address', {
      field: 'email',
      issues: [
        { field: 'password', code: 'too_small', message: 'Too small', minimum: 8, origin: 'string' },
        { field: 'email', code: 'invalid_format', format: 'email', message: 'Invalid email address' },
      ],
    });
    render(<ProbeForm refusal={refusal} />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@example.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const email = screen.getByLabelText('Email');
    const password = screen.getByLabelText('Password');
    expect(document.getElementById('probe-email-error')?.textContent).toBe(
      'Enter an email address, such as name@example.com.',
    );
    expect(document.getElementById('probe-password-error')?.textContent).toBe('Use at least 8 characters.');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(password)).toEqual(['probe-password-error']);
    // The first in the page's order, not the server's.
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.body.textContent).not.toMatch(/\b(email|password):/);

    fireEvent.change(password, { target: { value: 'longer' } });
    expect(password.hasAttribute('aria-invalid')).toBe(false);
    expect(email.getAttribute('aria-invalid')).toBe('true');
  });

  it('a refusal that names no field of the form goes on the line, without its path', () => {
    const refusal = new ApiError(400, 'invalid_request', 'body.settings.0: Invalid input', {
      field: 'body.settings.0',
      issues: [{ field: 'body.settings.0', code: 'invalid_type', message: 'Invalid input' }],
    });
    render(<ProbeForm refusal={refusal} />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@example.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('alert').textContent).toBe('The hub did not accept this form: This value is not accepted.');
    expect(screen.getByLabelText('Email').hasAttribute('aria-invalid')).toBe(false);
    expect(screen.getByLabelText('Password').hasAttribute('aria-invalid')).toBe(false);
  });
});

/** A form that sends with `form.send`: `answer` is what the request does. */
function SendingForm({ answer }: { answer: () => Promise<unknown> }) {
  const form = useForm({ email: '' });
  const [sent, setSent] = useState<boolean | null>(null);
  return (
    <form
      aria-label="Sending"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.send(answer).then(setSent);
      }}
    >
      <Field id="sending-email" label="Email" {...form.field('email')}>
        <Input type="email" />
      </Field>
      <FormError {...form.error} />
      <p data-testid="sent">{String(sent)}</p>
      <button type="submit">Send</button>
    </form>
  );
}

describe('form.send: one way to send a form', () => {
  it("keeps what was typed and shows the server's refusal on the field it names; resolves false", async () => {
    const refused = new ApiError(409, 'email_in_use', 'That address is taken.', { field: 'email' });
    render(<SendingForm answer={() => Promise.reject(refused)} />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@example.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByText('That address is taken.')).closest('p')?.id).toBe('sending-email-error');
    expect(screen.getByTestId('sent').textContent).toBe('false');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('a@example.test');
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
  });

  it('clears the old error line before sending, and starts the form over once the server took it', async () => {
    let answer: () => Promise<unknown> = () => Promise.reject(new ApiError(400, 'invalid_request', 'No.'));
    render(<SendingForm answer={() => answer()} />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@example.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByRole('alert');

    let settle: (value: unknown) => void = () => undefined;
    answer = () => new Promise((resolve) => (settle = resolve));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('a@example.test');
    await act(async () => settle({ ok: true }));
    expect(screen.getByTestId('sent').textContent).toBe('true');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('');
  });
});

describe('one error presenter: a screen words its refusals through errorText', () => {
  const spec = { refusal: (e: ApiError) => (e.status === 409 ? 'Taken.' : undefined), unexpected: 'Oops.' };

  it("uses the screen's sentence, else the server's message for a refusal, else the screen's fallback", () => {
    expect(errorText(new ApiError(409, 'email_in_use', 'x'), spec)).toBe('Taken.');
    expect(errorText(new ApiError(403, 'csrf_failed', 'The server says so.'), spec)).toBe('The server says so.');
    expect(errorText(new ApiError(503, 'database_unavailable', 'x'), spec)).toBe('Oops.');
    expect(errorText(new ApiError(0, 'network_error', 'x'), spec)).toBe('Oops.');
    expect(errorText(new TypeError('boom'), spec)).toBe('Oops.');
  });
});

describe('the weak-password reasons: one component', () => {
  it("lists the server's reasons beside the rules until the form is edited", async () => {
    mockWebApi({
      'POST /api/auth/sign-up': refusal(400, 'weak_password', WEAK_PASSWORD_MESSAGE, {
        reasons: [PASSWORD_MESSAGES.common],
      }),
    });
    renderWithQuery(<SignUpForm onSignedUp={() => undefined} />);
    expect(screen.queryByTestId('password-strength')).toBeNull();
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.test' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Ka9#mQ2!vL7@pZ' } });
    const requirements = within(screen.getByTestId('password-strength')).getByRole('list');
    expect(within(requirements).queryByText(PASSWORD_MESSAGES.common)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect((await screen.findByRole('alert')).textContent).toBe(WEAK_PASSWORD_MESSAGE);
    within(requirements).getByText(PASSWORD_MESSAGES.common);

    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Ka9#mQ2!vL7@pZx' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(within(requirements).queryByText(PASSWORD_MESSAGES.common)).toBeNull();
  });
});

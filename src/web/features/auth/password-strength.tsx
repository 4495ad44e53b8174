import { useMemo } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { CheckIcon, XIcon } from 'lucide-react';
import { Progress } from '@/components/ui/progress';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/utils';
import { checkPassword, PASSWORD_MAX_SCORE, PASSWORD_MESSAGES, type PasswordCheck } from '@shared/password-policy';

const BAR_COLOUR: Record<PasswordCheck['label'], string> = {
  Weak: 'bg-destructive',
  Fair: 'bg-orange-500',
  Good: 'bg-yellow-500',
  Strong: 'bg-green-600',
};

const M = defineMessages({
  length: { id: 'auth.password.req.length', defaultMessage: 'At least 12 characters' },
  lowercase: { id: 'auth.password.req.lowercase', defaultMessage: 'A lowercase letter' },
  uppercase: { id: 'auth.password.req.uppercase', defaultMessage: 'An uppercase letter' },
  number: { id: 'auth.password.req.number', defaultMessage: 'A number' },
  special: { id: 'auth.password.req.special', defaultMessage: 'A special character' },
  Weak: { id: 'auth.password.weakLabel', defaultMessage: 'Weak' },
  Fair: { id: 'auth.password.fair', defaultMessage: 'Fair' },
  Good: { id: 'auth.password.good', defaultMessage: 'Good' },
  Strong: { id: 'auth.password.strong', defaultMessage: 'Strong' },
});

const REQUIREMENTS = [
  { message: PASSWORD_MESSAGES.length, text: M.length },
  { message: PASSWORD_MESSAGES.lowercase, text: M.lowercase },
  { message: PASSWORD_MESSAGES.uppercase, text: M.uppercase },
  { message: PASSWORD_MESSAGES.number, text: M.number },
  { message: PASSWORD_MESSAGES.special, text: M.special },
];

/**
 * Spec §5: the strength bar with its label, and the requirement feedback under it, for every
 * form that sets a new password. Nothing shows until a password is typed. `refusal` is the
 * form's last server error: a weak_password one adds what only the server knows (the
 * common-password list), until the form is edited.
 */
export function PasswordStrength({
  password,
  refusal,
  className,
}: {
  password: string;
  refusal?: unknown;
  className?: string;
}) {
  const intl = useIntl();
  const check = useMemo(() => checkPassword(password), [password]);
  if (!password) return null;
  const extra = serverReasons(refusal);
  const problems = [...check.feedback, ...extra.filter((m) => !check.feedback.includes(m))];
  const otherProblems = problems.filter((p) => !REQUIREMENTS.some((r) => r.message === p));
  return (
    <div className={cn('space-y-2', className)} data-testid="password-strength">
      <div className="flex items-center justify-between text-sm">
        <span className="text-muted-foreground">
          {intl.formatMessage({ id: 'auth.password.strength', defaultMessage: 'Password strength' })}
        </span>
        <span className="font-medium" data-testid="password-strength-label">
          {intl.formatMessage(M[check.label])}
        </span>
      </div>
      <Progress
        value={(check.score / PASSWORD_MAX_SCORE) * 100}
        indicatorClassName={BAR_COLOUR[check.label]}
        aria-label={intl.formatMessage(
          { id: 'auth.password.strengthOf', defaultMessage: 'Password strength: {label}' },
          { label: intl.formatMessage(M[check.label]) },
        )}
        data-score={check.score}
      />
      <ul
        className="space-y-1 text-sm"
        aria-label={intl.formatMessage({ id: 'auth.password.requirements', defaultMessage: 'Password requirements' })}
      >
        {REQUIREMENTS.map((r) => {
          const met = !problems.includes(r.message);
          return (
            <li
              key={r.text.id}
              className={cn(
                'flex items-center gap-2',
                met ? 'text-green-700 dark:text-green-500' : 'text-muted-foreground',
              )}
            >
              {met ? <CheckIcon className="size-4" aria-hidden /> : <XIcon className="size-4" aria-hidden />}
              <span>
                {intl.formatMessage(r.text)}
                <span className="sr-only">
                  {' '}
                  {met
                    ? intl.formatMessage({ id: 'auth.password.met', defaultMessage: '(met)' })
                    : intl.formatMessage({ id: 'auth.password.missing', defaultMessage: '(missing)' })}
                </span>
              </span>
            </li>
          );
        })}
        {otherProblems.map((p) => (
          <li key={p} className="flex items-center gap-2 text-destructive">
            <XIcon className="size-4" aria-hidden />
            <span>{p}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function serverReasons(refusal: unknown): string[] {
  if (!(refusal instanceof ApiError) || refusal.code !== 'weak_password') return [];
  return Array.isArray(refusal.details.reasons) ? (refusal.details.reasons as string[]) : [];
}

import { useMemo } from 'react';
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

const REQUIREMENTS = [
  { message: PASSWORD_MESSAGES.length, text: 'At least 12 characters' },
  { message: PASSWORD_MESSAGES.lowercase, text: 'A lowercase letter' },
  { message: PASSWORD_MESSAGES.uppercase, text: 'An uppercase letter' },
  { message: PASSWORD_MESSAGES.number, text: 'A number' },
  { message: PASSWORD_MESSAGES.special, text: 'A special character' },
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
  const check = useMemo(() => checkPassword(password), [password]);
  if (!password) return null;
  const extra = serverReasons(refusal);
  const problems = [...check.feedback, ...extra.filter((m) => !check.feedback.includes(m))];
  const otherProblems = problems.filter((p) => !REQUIREMENTS.some((r) => r.message === p));
  return (
    <div className={cn('space-y-2', className)} data-testid="password-strength">
      <div className="flex items-center justify-between text-sm">
        <span className="text-muted-foreground">Password strength</span>
        <span className="font-medium" data-testid="password-strength-label">
          {check.label}
        </span>
      </div>
      <Progress
        value={(check.score / PASSWORD_MAX_SCORE) * 100}
        indicatorClassName={BAR_COLOUR[check.label]}
        aria-label={`Password strength: ${check.label}`}
        data-score={check.score}
      />
      <ul className="space-y-1 text-sm" aria-label="Password requirements">
        {REQUIREMENTS.map((r) => {
          const met = !problems.includes(r.message);
          return (
            <li
              key={r.text}
              className={cn(
                'flex items-center gap-2',
                met ? 'text-green-700 dark:text-green-500' : 'text-muted-foreground',
              )}
            >
              {met ? <CheckIcon className="size-4" aria-hidden /> : <XIcon className="size-4" aria-hidden />}
              <span>
                {r.text}
                <span className="sr-only">{met ? ' (met)' : ' (missing)'}</span>
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

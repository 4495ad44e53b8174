import { useEffect, useRef, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { CheckCircle2, XCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { ConnectionTestResult } from '@shared/api/federation';
import type { IdentityProvider } from '@/data/identity-providers/providers-query';
import { useProviderTestMutation } from '@/data/identity-providers/provider-test-mutation';
import { ApiError } from '@/lib/api';

const STEP_NAMES = {
  discovery: { id: 'idp.health.step.discovery', defaultMessage: 'Discovery document' },
  keys: { id: 'idp.health.step.keys', defaultMessage: 'Signing keys' },
  authorization: { id: 'idp.health.step.authorization', defaultMessage: 'Authorization request' },
  metadata: { id: 'idp.health.step.metadata', defaultMessage: 'Metadata' },
  certificates: { id: 'idp.health.step.certificates', defaultMessage: 'Signing certificates' },
  sso_url: { id: 'idp.health.step.ssoUrl', defaultMessage: 'Single sign-on URL' },
} as const;

/**
 * Issue 46: whether a provider works, before a person finds out. The row shows the last passed
 * test and the last failure (a test's step, or a sign-in that could not reach it); "Test
 * connection" runs discovery or metadata, keys and a dry authorization request and lists each step.
 */
export function ProviderHealth({ provider }: { provider: IdentityProvider }) {
  const intl = useIntl();
  const test = useProviderTestMutation();
  const failedLast = provider.last_error_at && (!provider.last_ok_at || provider.last_error_at > provider.last_ok_at);
  const when = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <div className="space-y-2 text-sm" data-testid={`idp-health-${provider.slug}`}>
      {failedLast ? (
        <p className="text-destructive" role="status">
          <FormattedMessage
            id="idp.health.lastError"
            defaultMessage="Last error {when}: {error}"
            values={{ when: when(provider.last_error_at!), error: provider.last_error }}
          />
        </p>
      ) : provider.last_ok_at ? (
        <p className="text-muted-foreground" role="status">
          <FormattedMessage
            id="idp.health.lastOk"
            defaultMessage="Connection test passed {when}"
            values={{ when: when(provider.last_ok_at) }}
          />
        </p>
      ) : (
        <p className="text-muted-foreground">
          <FormattedMessage id="idp.health.never" defaultMessage="Not tested yet" />
        </p>
      )}
      <Button
        variant="outline"
        size="sm"
        disabled={test.isPending}
        onClick={() => test.mutate(provider.id)}
        aria-label={intl.formatMessage(
          { id: 'idp.health.testLabel', defaultMessage: 'Test the connection to {name}' },
          { name: provider.display_name },
        )}
      >
        {test.isPending ? (
          <FormattedMessage id="idp.health.testing" defaultMessage="Testing…" />
        ) : (
          <FormattedMessage id="idp.health.test" defaultMessage="Test connection" />
        )}
      </Button>
      {test.data && <TestSteps result={test.data} />}
    </div>
  );
}

const bold = (chunks: ReactNode[]) => <span className="font-medium">{chunks}</span>;

/** The connection test's refusal of a save (400 connection_test_failed): its steps, when the error is one. */
export function refusedTestOf(error: unknown): ConnectionTestResult | null {
  if (!(error instanceof ApiError) || error.code !== 'connection_test_failed') return null;
  const steps = error.details.steps;
  return Array.isArray(steps) ? { ok: false, steps: steps as ConnectionTestResult['steps'] } : null;
}

/**
 * Issue 46, test on save: a provider saved enabled must pass the connection test. The dialog shows
 * the steps of the refusal and offers to keep the provider disabled (fixed and enabled later).
 */
export function SaveRefused({
  result,
  pending,
  onSaveDisabled,
}: {
  result: ConnectionTestResult;
  pending: boolean;
  onSaveDisabled: () => void;
}) {
  // The form is long: the refusal is brought into view and focused, where the next action is.
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.scrollIntoView?.({ block: 'start' }); // absent in jsdom
    box.current?.focus({ preventScroll: true });
  }, [result]);
  return (
    <div
      ref={box}
      tabIndex={-1}
      className="space-y-2 rounded-md border border-destructive/40 p-3 text-sm outline-none"
      role="alert"
      data-testid="idp-save-refused"
    >
      <p className="font-medium text-destructive">
        <FormattedMessage
          id="idp.form.testRefused"
          defaultMessage="Not saved: the connection test failed. Fix what the failed step names, or save the provider disabled for now."
        />
      </p>
      <TestSteps result={result} />
      <Button type="button" variant="outline" size="sm" disabled={pending} onClick={onSaveDisabled}>
        <FormattedMessage id="idp.form.saveDisabled" defaultMessage="Save disabled" />
      </Button>
    </div>
  );
}

function TestSteps({ result }: { result: ConnectionTestResult }) {
  const intl = useIntl();
  return (
    <ol
      className="space-y-1"
      aria-label={intl.formatMessage({ id: 'idp.health.steps', defaultMessage: 'Connection test steps' })}
    >
      {result.steps.map((step) => (
        <li key={step.name} className="flex items-start gap-2">
          {step.ok ? (
            <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-green-700" aria-hidden />
          ) : (
            <XCircle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
          )}
          <span className="min-w-0 break-words">
            {step.ok ? (
              <FormattedMessage
                id="idp.health.stepPassed"
                defaultMessage="<b>{step}</b> passed: {detail}"
                values={{ step: intl.formatMessage(STEP_NAMES[step.name]), detail: step.detail, b: bold }}
              />
            ) : (
              <FormattedMessage
                id="idp.health.stepFailed"
                defaultMessage="<b>{step}</b> failed: {detail}"
                values={{ step: intl.formatMessage(STEP_NAMES[step.name]), detail: step.detail, b: bold }}
              />
            )}
          </span>
        </li>
      ))}
    </ol>
  );
}

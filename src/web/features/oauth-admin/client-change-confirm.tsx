import { useIntl, type IntlShape } from 'react-intl';
import type { ClientChangeImpact } from '@shared/client-change-impact';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useClientDeactivationImpactQuery } from '@/data/oauth-clients/client-deactivation-impact-query';

function methodText(intl: IntlShape, method: string): string {
  return intl.formatMessage(
    {
      id: 'oauth.impact.method',
      defaultMessage:
        '{method, select, client_secret_basic {a client secret (HTTP Basic)} client_secret_post {a client secret in the request body} ' +
        'private_key_jwt {a signed key assertion (private_key_jwt)} none {no secret (a public client with PKCE)} other {{method}}}',
    },
    { method },
  );
}

/** One sentence per impact, naming the client and what its requests then need. */
export function impactText(intl: IntlShape, name: string, impact: ClientChangeImpact): string {
  switch (impact.kind) {
    case 'auth_method':
      return intl.formatMessage(
        {
          id: 'oauth.impact.authMethod',
          defaultMessage:
            '{name} authenticates with {from}; after this change its token requests fail until it sends {to}.',
        },
        { name, from: methodText(intl, impact.from), to: methodText(intl, impact.to) },
      );
    case 'dpop_required':
      return intl.formatMessage(
        {
          id: 'oauth.impact.dpop',
          defaultMessage: '{name}’s token requests fail until each one carries a DPoP proof.',
        },
        { name },
      );
    case 'par_required':
      return intl.formatMessage(
        {
          id: 'oauth.impact.par',
          defaultMessage:
            '{name}’s sign-ins fail until it pushes each authorization request first (PAR) and sends only its request_uri.',
        },
        { name },
      );
    case 'redirect_uris_removed':
      return intl.formatMessage(
        {
          id: 'oauth.impact.redirectUris',
          defaultMessage: 'Sign-ins of {name} that return to {uris} fail.',
        },
        { name, uris: intl.formatList(impact.uris, { type: 'conjunction' }) },
      );
    case 'scopes_removed':
      return intl.formatMessage(
        {
          id: 'oauth.impact.scopes',
          defaultMessage: '{name}’s requests for {scopes} are refused.',
        },
        { name, scopes: intl.formatList(impact.scopes, { type: 'conjunction' }) },
      );
    case 'deactivated':
      return intl.formatMessage(
        {
          id: 'oauth.impact.deactivated',
          defaultMessage: '{name} can no longer sign anyone in or get tokens until it is activated again.',
        },
        { name },
      );
  }
}

/**
 * Asks before a change that breaks a live client (src/shared/client-change-impact.ts decides which):
 * each impact in plain words, then Apply (red) or Cancel. Open while mounted.
 */
export function ClientChangeConfirmDialog({
  name,
  impacts,
  details = [],
  onConfirm,
  onClose,
}: {
  name: string;
  impacts: ClientChangeImpact[];
  /** More that the server counted (who is signed in to it now, who consented to it), one sentence each. */
  details?: string[];
  onConfirm: () => void;
  onClose: () => void;
}) {
  const intl = useIntl();
  return (
    <ConfirmDialog
      isDestructive
      title={intl.formatMessage(
        { id: 'oauth.impact.title', defaultMessage: 'This change breaks {name} until it is updated' },
        { name },
      )}
      description={
        <span className="block space-y-2" data-testid="client-change-impacts">
          {impacts.map((impact) => (
            <span key={impact.kind} className="block">
              {impactText(intl, name, impact)}
            </span>
          ))}
          {details.map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
        </span>
      }
      action={intl.formatMessage({ id: 'oauth.impact.apply', defaultMessage: 'Apply the change' })}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}

/** Deactivation: the impact, who is signed in to the client now and who consented to it (the server's counts). */
export function DeactivateClientDialog({
  id,
  name,
  impacts,
  onConfirm,
  onClose,
}: {
  id: string;
  name: string;
  impacts: ClientChangeImpact[];
  onConfirm: () => void;
  onClose: () => void;
}) {
  const intl = useIntl();
  const impact = useClientDeactivationImpactQuery(id).data;
  const details = impact
    ? [
        intl.formatMessage(
          {
            id: 'oauth.impact.signedIn',
            defaultMessage:
              '{people, plural, =0 {Nobody is signed in to it now.} ' +
              'one {# person is signed in to it now ({sessions, plural, one {# session} other {# sessions}}): ' +
              'it can no longer refresh their tokens, and the hub refuses them.} ' +
              'other {# people are signed in to it now ({sessions, plural, one {# session} other {# sessions}}): ' +
              'it can no longer refresh their tokens, and the hub refuses them.}}',
          },
          { people: impact.signed_in_people, sessions: impact.active_sessions },
        ),
        intl.formatMessage(
          {
            id: 'oauth.impact.consented',
            defaultMessage:
              '{people, plural, =0 {Nobody has allowed it to use their account.} ' +
              'one {# person has allowed it to use their account; that consent is kept for when it is activated again.} ' +
              'other {# people have allowed it to use their account; their consents are kept for when it is activated again.}}',
          },
          { people: impact.consented_people },
        ),
      ]
    : [];
  return (
    <ClientChangeConfirmDialog
      name={name}
      impacts={impacts}
      details={details}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}

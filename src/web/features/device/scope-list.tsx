import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { CheckIcon } from 'lucide-react';

/** What each scope releases, in the words of the consent screen (server/oauth/pages.ts), translated. */
const SCOPE_MESSAGES: Record<string, MessageDescriptor> = defineMessages({
  openid: { id: 'device.scope.openid', defaultMessage: 'Confirm who you are (your account identifier)' },
  profile: { id: 'device.scope.profile', defaultMessage: 'Your name' },
  email: { id: 'device.scope.email', defaultMessage: 'Your email address and whether it is verified' },
  offline_access: {
    id: 'device.scope.offlineAccess',
    defaultMessage: 'Keep access while you are not using it (offline access)',
  },
  'read:profile': { id: 'device.scope.readProfile', defaultMessage: 'Your profile: name and email address' },
  'read:organization': { id: 'device.scope.readOrganization', defaultMessage: 'Your organization and department' },
  organizations: {
    id: 'device.scope.organizations',
    defaultMessage: 'The organizations you belong to and your roles in them',
  },
});

const ORG_SCOPE = defineMessages({
  one: { id: 'device.scope.organization', defaultMessage: 'Your membership and your roles in one organization' },
});

export function ScopeList({ scopes }: { scopes: string[] }) {
  const intl = useIntl();
  const text = (scope: string) => {
    const known = SCOPE_MESSAGES[scope];
    if (known) return intl.formatMessage(known);
    return scope.startsWith('organization:') ? intl.formatMessage(ORG_SCOPE.one) : scope;
  };
  return (
    <ul className="space-y-1.5 text-sm" data-testid="device-scopes">
      {scopes.map((s) => (
        <li key={s} className="flex gap-2">
          <CheckIcon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
          <span>{text(s)}</span>
        </li>
      ))}
    </ul>
  );
}

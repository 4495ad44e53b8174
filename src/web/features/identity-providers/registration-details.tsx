import { useIntl } from 'react-intl';
import { CopyButton } from '@/features/oauth-admin/copy-button';
import type { RegistrationItem } from './provider-form.utils';

/**
 * What the provider's administrator registers for the hub, each value with a copy button:
 * OpenID Connect's redirect URI, or SAML's ACS URL, entity ID and metadata URL.
 */
export function RegistrationDetails({
  items,
  idPrefix = 'idp-registration',
}: {
  items: RegistrationItem[];
  idPrefix?: string;
}) {
  const intl = useIntl();
  return (
    <div className="space-y-3">
      {items.map(({ key, label: descriptor, value }) => {
        const id = `${idPrefix}-${key}`;
        const label = intl.formatMessage(descriptor);
        return (
          <div key={key} className="space-y-1">
            <p className="text-sm font-medium" id={id}>
              {label}
            </p>
            <div className="flex items-center gap-2 rounded-md border bg-muted/50 px-3 py-2">
              <code className="min-w-0 flex-1 break-all text-sm" aria-labelledby={id}>
                {value}
              </code>
              <CopyButton label={label} getText={() => value} />
            </div>
          </div>
        );
      })}
    </div>
  );
}

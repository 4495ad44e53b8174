import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { roleText } from './orgs.utils';

const ROLE_HINTS: Record<string, MessageDescriptor> = defineMessages({
  owner: {
    id: 'orgs.rolePicker.ownerHint',
    defaultMessage: 'Everything, including policies, owners and deleting the organization.',
  },
  admin: { id: 'orgs.rolePicker.adminHint', defaultMessage: 'Manages members, invitations and domains.' },
  member: { id: 'orgs.rolePicker.memberHint', defaultMessage: 'Sees the organization and its members.' },
});

/** The built-in role as a group of radio buttons: arrow keys move, the choice reads as a sentence. */
export function RolePicker({
  name,
  roles,
  value,
  onChange,
}: {
  name: string;
  roles: string[];
  value: string;
  onChange: (role: string) => void;
}) {
  const intl = useIntl();
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">
        {intl.formatMessage({ id: 'orgs.rolePicker.legend', defaultMessage: 'Role' })}
      </legend>
      {roles.map((r) => (
        <label
          key={r}
          className="flex cursor-pointer items-start gap-3 rounded-md border p-3 has-[:checked]:border-primary"
        >
          <input
            type="radio"
            name={name}
            value={r}
            checked={value === r}
            onChange={() => onChange(r)}
            className="mt-1 size-4 accent-[var(--color-primary)]"
          />
          <span>
            <span className="block text-sm font-medium">{roleText(intl, r)}</span>
            {Object.hasOwn(ROLE_HINTS, r) && (
              <span className="block text-xs text-muted-foreground">{intl.formatMessage(ROLE_HINTS[r]!)}</span>
            )}
          </span>
        </label>
      ))}
    </fieldset>
  );
}

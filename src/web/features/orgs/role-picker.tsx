import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { isBuiltInOrgRole } from '@shared/org-policy';
import { FieldMessage } from '@/components/ui/field';
import type { OrgMode } from '@/data/orgs/keys';
import { useOrgRoleChoicesQuery } from '@/data/orgs/org-roles';
import { roleText } from './orgs.utils';

const ROLE_HINTS: Record<string, MessageDescriptor> = defineMessages({
  owner: {
    id: 'orgs.rolePicker.ownerHint',
    defaultMessage: 'Everything, including policies, owners and deleting the organization.',
  },
  admin: { id: 'orgs.rolePicker.adminHint', defaultMessage: 'Manages members, invitations and domains.' },
  member: { id: 'orgs.rolePicker.memberHint', defaultMessage: 'Sees the organization and its members.' },
});

const CARD = 'flex cursor-pointer items-start gap-3 rounded-md border p-3 has-[:checked]:border-primary';
const CONTROL = 'mt-1 size-4 shrink-0 accent-[var(--color-primary)]';

/**
 * The one role picker (issue 46): every role the organization may give, as the server lists them
 * (GET …/orgs/:id/roles: the built-in roles and the custom ones an ecosystem admin defined), with
 * what each means. `offered` are the built-in roles the caller may hand out (an admin is not
 * offered owner). An invitation picks one role (a custom one makes a member with that role);
 * Change roles (`multiple`) picks one built-in role and any custom ones. `value` is the roles
 * chosen, the built-in one first.
 */
export function RolePicker({
  mode,
  orgId,
  name,
  offered,
  value,
  onChange,
  multiple = false,
  error,
  focusRef,
}: {
  mode: OrgMode;
  orgId: string;
  name: string;
  offered: string[];
  value: string[];
  onChange: (roles: string[]) => void;
  multiple?: boolean;
  /** The form's words about the choice (ui/field.tsx useForm), shown under it. */
  error?: string;
  /** Where the form moves focus when the choice is refused. */
  focusRef?: (element: HTMLElement | null) => void;
}) {
  const intl = useIntl();
  const defined = useOrgRoleChoicesQuery(mode, orgId);
  const custom = (defined.data ?? []).filter((r) => !r.built_in);
  const builtIn = value.find(isBuiltInOrgRole) ?? '';
  const hintOf = (role: string, description: string | null) =>
    Object.hasOwn(ROLE_HINTS, role) ? intl.formatMessage(ROLE_HINTS[role]!) : description;
  const errorId = `${name}-error`;

  function pick(role: string) {
    onChange(multiple && isBuiltInOrgRole(role) ? [role, ...value.filter((r) => !isBuiltInOrgRole(r))] : [role]);
  }
  function toggle(role: string, on: boolean) {
    const chosen = value.filter((r) => !isBuiltInOrgRole(r) && r !== role);
    onChange([builtIn, ...(on ? [...chosen, role] : chosen)].filter(Boolean));
  }

  const card = (role: string, description: string | null, input: React.ReactElement) => (
    <label key={role} className={CARD}>
      {input}
      <span className="min-w-0">
        <span className="block text-sm font-medium">{roleText(intl, role)}</span>
        {hintOf(role, description) && (
          <span className="block text-xs text-muted-foreground">{hintOf(role, description)}</span>
        )}
      </span>
    </label>
  );
  const radio = (role: string, i: number) => (
    <input
      ref={i === 0 ? focusRef : undefined}
      id={`${name}-${role}`}
      type="radio"
      name={name}
      value={role}
      checked={multiple ? builtIn === role : value[0] === role}
      onChange={() => pick(role)}
      className={CONTROL}
    />
  );

  return (
    <fieldset
      id={name}
      className="space-y-2"
      // A group takes no aria-invalid (ARIA 1.2): it is described by the words, and focus moves into it.
      data-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="text-sm font-medium">
        <FormattedMessage id="orgs.rolePicker.legend" defaultMessage="Role" />
      </legend>
      <div className="grid gap-2 sm:grid-cols-3">{offered.map((r, i) => card(r, null, radio(r, i)))}</div>
      {custom.length > 0 && (
        <div role="group" aria-labelledby={`${name}-custom`} className="space-y-2">
          <p id={`${name}-custom`} className="text-xs font-medium text-muted-foreground">
            {multiple ? (
              <FormattedMessage id="orgs.rolePicker.customMany" defaultMessage="Custom roles (any number)" />
            ) : (
              <FormattedMessage id="orgs.rolePicker.customOne" defaultMessage="Or a custom role (makes a member)" />
            )}
          </p>
          <div className="grid gap-2 sm:grid-cols-3">
            {custom.map((r) =>
              card(
                r.name,
                r.description,
                multiple ? (
                  <input
                    id={`${name}-${r.name}`}
                    type="checkbox"
                    checked={value.includes(r.name)}
                    onChange={(e) => toggle(r.name, e.target.checked)}
                    className={CONTROL}
                  />
                ) : (
                  radio(r.name, -1)
                ),
              ),
            )}
          </div>
        </div>
      )}
      <FieldMessage id={errorId} message={error} />
    </fieldset>
  );
}

import { roleLabel } from './orgs.utils';

const ROLE_HINTS: Record<string, string> = {
  owner: 'Everything, including policies, owners and deleting the organization.',
  admin: 'Manages members, invitations and domains.',
  member: 'Sees the organization and its members.',
};

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
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">Role</legend>
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
            <span className="block text-sm font-medium">{roleLabel(r)}</span>
            {ROLE_HINTS[r] && <span className="block text-xs text-muted-foreground">{ROLE_HINTS[r]}</span>}
          </span>
        </label>
      ))}
    </fieldset>
  );
}

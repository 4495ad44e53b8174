import { useIntl } from 'react-intl';
import { CREDENTIAL_TYPES } from '@shared/credential-access';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { CredentialType } from '@/data/admin/credential-request-mutation';
import { credentialLabel } from './admin.utils';

/** Which of an application's credentials a request is for, labelled: its API key or its webhook secret. */
export function CredentialTypeSelect({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: CredentialType;
  onChange: (type: CredentialType) => void;
}) {
  const intl = useIntl();
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} onValueChange={(v) => onChange(v as CredentialType)}>
        <SelectTrigger id={id} className="w-full" aria-label={label}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {CREDENTIAL_TYPES.map((type) => (
            <SelectItem key={type} value={type}>
              {credentialLabel(intl, type)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

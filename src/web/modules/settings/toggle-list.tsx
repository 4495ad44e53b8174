import { useText } from '../shared/text';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import type { ToggleSetting } from '../types';

/** Labelled switches; they flip locally only (the screen is static sample data, spec §2). */
export function ToggleList({ toggles }: { toggles: ToggleSetting[] }) {
  const tx = useText();
  return (
    <ul className="flex flex-col divide-y">
      {toggles.map((t) => (
        <li key={t.id} className="flex items-center justify-between gap-4 py-3">
          <div className="min-w-0">
            <Label htmlFor={t.id}>{tx(t.label)}</Label>
            <p className="text-xs text-muted-foreground">{tx(t.description)}</p>
          </div>
          <Switch id={t.id} defaultChecked={t.enabled} />
        </li>
      ))}
    </ul>
  );
}

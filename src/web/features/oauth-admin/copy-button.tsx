import { useEffect, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { notify } from '@/lib/notify';
import { COPIED_MS } from './oauth-admin.utils';

/** Copies what `getText` yields; the copied indicator lasts 2 s (spec §9). */
export function CopyButton({ label, getText }: { label: string; getText: () => Promise<string> | string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(await getText());
      setCopied(true);
      notify.success('Copied', { description: `${label} copied to clipboard` });
    } catch {
      notify.error('Failed to copy to clipboard');
    }
  }

  return (
    <Button
      variant="ghost"
      size="icon"
      className="size-7"
      onClick={copy}
      aria-label={copied ? `${label} copied` : `Copy ${label}`}
    >
      {copied ? <Check className="text-success" /> : <Copy />}
    </Button>
  );
}

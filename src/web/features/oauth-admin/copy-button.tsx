import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Check, Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { notify } from '@/lib/notify';
import { COPIED_MS } from './oauth-admin.utils';

/** Copies what `getText` yields; the copied indicator lasts 2 s (spec §9). */
export function CopyButton({ label, getText }: { label: string; getText: () => Promise<string> | string }) {
  const intl = useIntl();
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
      notify.success(intl.formatMessage({ id: 'oauth.copy.done', defaultMessage: 'Copied' }), {
        description: intl.formatMessage(
          { id: 'oauth.copy.doneHint', defaultMessage: '{label} copied to clipboard' },
          { label },
        ),
      });
    } catch {
      notify.error(intl.formatMessage({ id: 'oauth.copy.failed', defaultMessage: 'Failed to copy to clipboard' }));
    }
  }

  return (
    <Button
      variant="ghost"
      size="icon"
      className="size-7"
      onClick={copy}
      aria-label={
        copied
          ? intl.formatMessage({ id: 'oauth.copy.copiedLabel', defaultMessage: '{label} copied' }, { label })
          : intl.formatMessage({ id: 'oauth.copy.label', defaultMessage: 'Copy {label}' }, { label })
      }
    >
      {copied ? <Check className="text-success" /> : <Copy />}
    </Button>
  );
}

import { useState } from 'react';
import { CopyIcon, DownloadIcon } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { notify } from '@/lib/notify';

/**
 * The ten recovery codes, shown once (the server keeps only their hashes): copy them, download
 * them, then confirm they are saved to close the panel.
 */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const intl = useIntl();
  const [copied, setCopied] = useState(false);
  const heading = intl.formatMessage({
    id: 'account.recoveryCodes.fileHeading',
    defaultMessage: 'Ecosystem Hub recovery codes (each works once)',
  });
  const text = `${heading}\n\n${codes.join('\n')}\n`;
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      notify.error(
        intl.formatMessage({
          id: 'account.recoveryCodes.copyFailed',
          defaultMessage: 'Could not copy. Select the codes and copy them by hand.',
        }),
      );
    }
  }
  return (
    <section
      aria-labelledby="recovery-codes-heading"
      className="space-y-3 rounded-lg border border-warning/50 bg-warning/10 p-4"
      data-testid="recovery-codes"
    >
      <h3 id="recovery-codes-heading" className="font-semibold">
        <FormattedMessage id="account.recoveryCodes.title" defaultMessage="Save your recovery codes" />
      </h3>
      <p className="text-sm">
        <FormattedMessage
          id="account.recoveryCodes.intro"
          defaultMessage="If you lose your authenticator app, each of these codes signs you in once. They are shown only now: keep them somewhere safe, such as a password manager."
        />
      </p>
      <ol
        className="grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-sm sm:grid-cols-2"
        aria-label={intl.formatMessage({ id: 'account.recoveryCodes.listLabel', defaultMessage: 'Recovery codes' })}
      >
        {codes.map((c) => (
          <li key={c} data-testid="recovery-code">
            {c}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" onClick={copy}>
          <CopyIcon aria-hidden />{' '}
          {copied ? (
            <FormattedMessage id="account.recoveryCodes.copied" defaultMessage="Copied" />
          ) : (
            <FormattedMessage id="account.recoveryCodes.copy" defaultMessage="Copy" />
          )}
        </Button>
        <Button asChild variant="outline" size="sm">
          <a
            href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
            download="ecosystem-hub-recovery-codes.txt"
          >
            <DownloadIcon aria-hidden />{' '}
            <FormattedMessage id="account.recoveryCodes.download" defaultMessage="Download" />
          </a>
        </Button>
        <Button type="button" size="sm" onClick={onDone}>
          <FormattedMessage id="account.recoveryCodes.done" defaultMessage="I have saved them" />
        </Button>
      </div>
    </section>
  );
}

import { CopyButton } from '@/features/oauth-admin/copy-button';

/** What the provider's administrator registers for the hub: its redirect URI, with a copy button. */
export function RegistrationDetails({ redirectUri }: { redirectUri: string }) {
  return (
    <div className="space-y-1">
      <p className="text-sm font-medium" id="idp-redirect-uri-label">
        Redirect URI
      </p>
      <div className="flex items-center gap-2 rounded-md border bg-muted/50 px-3 py-2">
        <code className="min-w-0 flex-1 break-all text-sm" aria-labelledby="idp-redirect-uri-label">
          {redirectUri}
        </code>
        <CopyButton label="Redirect URI" getText={() => redirectUri} />
      </div>
    </div>
  );
}

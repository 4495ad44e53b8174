import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Link2Icon, Unlink2Icon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/empty-state';
import { FormError } from '@/components/form-error';
import { QueryList } from '@/components/query-list';
import { SectionCard } from '@/components/section-card';
import { useMyIdentitiesQuery, type MyIdentity } from '@/data/me/identities-query';
import { useIdentityLinkStartMutation, useIdentityUnlinkMutation } from '@/data/me/identity-mutations';
import { useSignInProvidersQuery } from '@/data/identity-providers/sign-in-providers-query';
import { errorText } from '@/lib/error-text';
import { formatDate } from '@/lib/format';
import { notify } from '@/lib/notify';
import { SignInMethodRow } from './sign-in-method-row';

/** Leaving for the provider is a full navigation (its login page, then the hub's callback). */
const goTo = (path: string) => window.location.assign(path);

function IdentityRow({ identity, onError }: { identity: MyIdentity; onError: (message: string | null) => void }) {
  const unlink = useIdentityUnlinkMutation({
    onSuccess: () => notify.success(`${identity.display_name} unlinked`),
  });
  return (
    <SignInMethodRow
      icon={Link2Icon}
      name={identity.display_name}
      testId="linked-identity"
      detail={
        <>
          {identity.email_at_link ? `${identity.email_at_link} · ` : ''}Linked {formatDate(identity.linked_at)}
          {identity.last_used_at ? ` · last used ${formatDate(identity.last_used_at)}` : ''}
        </>
      }
      action={{
        icon: Unlink2Icon,
        text: 'Unlink',
        busyText: 'Unlinking…',
        label: `Unlink ${identity.display_name}`,
        isBusy: unlink.isPending,
        onClick: () => {
          onError(null);
          // A step-up route: the shell asks for the password first when the last sign-in is old.
          unlink.mutate(identity.id, { onError: (err) => onError(errorText(err)) });
        },
      }}
    />
  );
}

/**
 * Linked sign-in methods (issue 27): the identity providers the account can sign in with, each
 * unlinkable (step-up; the server refuses the last way in, and its words say what to do), and a
 * "Link …" button per enabled provider not linked yet. Linking asks the server where to go first —
 * a step-up route, so the dialog runs here — then leaves for the provider and comes back with
 * ?linked=<slug>.
 */
export function LinkedIdentitiesCard({ onLeave = goTo }: { onLeave?: (location: string) => void }) {
  const identities = useMyIdentitiesQuery();
  const providers = useSignInProvidersQuery();
  const start = useIdentityLinkStartMutation();
  const [error, setError] = useState<string | null>(null);
  const linkedSlugs = new Set(identities.data?.map((i) => i.provider));
  const linkable = identities.data ? (providers.data ?? []).filter((p) => !linkedSlugs.has(p.slug)) : [];
  useLinkedNotice(providers.data);

  async function link(slug: string) {
    setError(null);
    try {
      onLeave((await start.mutateAsync(slug)).location);
    } catch (err) {
      setError(errorText(err));
    }
  }

  return (
    <SectionCard
      icon={Link2Icon}
      title="Linked sign-in methods"
      description="Identity providers you can sign in with, such as your organisation’s sign-in."
      contentClassName="space-y-4"
    >
      <QueryList
        query={identities}
        label="Linked sign-in methods"
        loadingLabel="Loading linked sign-in methods…"
        loadingRows={1}
        errorTitle="Could not load your linked sign-in methods"
        empty={<EmptyState title="No sign-in methods linked" className="py-4" />}
      >
        {(identity) => <IdentityRow key={identity.id} identity={identity} onError={setError} />}
      </QueryList>
      <FormError message={error} />
      {linkable.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {linkable.map((p) => (
            <Button key={p.slug} variant="outline" onClick={() => void link(p.slug)} disabled={start.isPending}>
              Link {p.display_name}
            </Button>
          ))}
        </div>
      )}
    </SectionCard>
  );
}

/** Back from the provider with ?linked=<slug>: say so once. */
function useLinkedNotice(providers: { slug: string; display_name: string }[] | undefined) {
  const [params] = useSearchParams();
  const linked = params.get('linked');
  const announced = useRef(false);
  useEffect(() => {
    if (!linked || !providers || announced.current) return;
    announced.current = true;
    const name = providers.find((p) => p.slug === linked)?.display_name ?? 'The sign-in';
    notify.success(`${name} is now linked to your account`);
  }, [linked, providers]);
}

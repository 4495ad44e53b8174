import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
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
import { notify } from '@/lib/notify';
import { SignInMethodRow } from './sign-in-method-row';

/** Leaving for the provider is a full navigation (its login page, then the hub's callback). */
const goTo = (path: string) => window.location.assign(path);

function IdentityRow({ identity, onError }: { identity: MyIdentity; onError: (message: string | null) => void }) {
  const intl = useIntl();
  const name = identity.display_name;
  const date = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium' });
  const unlink = useIdentityUnlinkMutation({
    onSuccess: () =>
      notify.success(
        intl.formatMessage({ id: 'account.identities.unlinked', defaultMessage: '{name} unlinked' }, { name }),
      ),
  });
  return (
    <SignInMethodRow
      icon={Link2Icon}
      name={identity.display_name}
      testId="linked-identity"
      detail={
        <>
          {identity.email_at_link ? `${identity.email_at_link} · ` : ''}
          {intl.formatMessage(
            { id: 'account.identities.linkedOn', defaultMessage: 'Linked {date}' },
            { date: date(identity.linked_at) },
          )}
          {identity.last_used_at
            ? ` · ${intl.formatMessage(
                { id: 'account.identities.lastUsed', defaultMessage: 'last used {date}' },
                { date: date(identity.last_used_at) },
              )}`
            : ''}
        </>
      }
      action={{
        icon: Unlink2Icon,
        text: intl.formatMessage({ id: 'account.identities.unlink', defaultMessage: 'Unlink' }),
        busyText: intl.formatMessage({ id: 'account.identities.unlinking', defaultMessage: 'Unlinking…' }),
        label: intl.formatMessage({ id: 'account.identities.unlinkLabel', defaultMessage: 'Unlink {name}' }, { name }),
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
  const intl = useIntl();
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
      title={intl.formatMessage({ id: 'account.identities.title', defaultMessage: 'Linked sign-in methods' })}
      description={intl.formatMessage({
        id: 'account.identities.description',
        defaultMessage: 'Identity providers you can sign in with, such as your organization’s sign-in.',
      })}
      contentClassName="space-y-4"
    >
      <QueryList
        query={identities}
        label={intl.formatMessage({ id: 'account.identities.listLabel', defaultMessage: 'Linked sign-in methods' })}
        loadingLabel={intl.formatMessage({
          id: 'account.identities.loading',
          defaultMessage: 'Loading linked sign-in methods…',
        })}
        loadingRows={1}
        errorTitle={intl.formatMessage({
          id: 'account.identities.loadError',
          defaultMessage: 'Could not load your linked sign-in methods',
        })}
        empty={
          <EmptyState
            title={intl.formatMessage({ id: 'account.identities.empty', defaultMessage: 'No sign-in methods linked' })}
            className="py-4"
          />
        }
      >
        {(identity) => <IdentityRow key={identity.id} identity={identity} onError={setError} />}
      </QueryList>
      <FormError message={error} />
      {linkable.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {linkable.map((p) => (
            <Button key={p.slug} variant="outline" onClick={() => void link(p.slug)} disabled={start.isPending}>
              <FormattedMessage
                id="account.identities.link"
                defaultMessage="Link {name}"
                values={{ name: p.display_name }}
              />
            </Button>
          ))}
        </div>
      )}
    </SectionCard>
  );
}

/** Back from the provider with ?linked=<slug>: say so once. */
function useLinkedNotice(providers: { slug: string; display_name: string }[] | undefined) {
  const intl = useIntl();
  const [params] = useSearchParams();
  const linked = params.get('linked');
  const announced = useRef(false);
  useEffect(() => {
    if (!linked || !providers || announced.current) return;
    announced.current = true;
    const name = providers.find((p) => p.slug === linked)?.display_name;
    notify.success(
      name
        ? intl.formatMessage(
            { id: 'account.identities.linkedNotice', defaultMessage: '{name} is now linked to your account' },
            { name },
          )
        : intl.formatMessage({
            id: 'account.identities.linkedNoticeUnnamed',
            defaultMessage: 'The sign-in is now linked to your account',
          }),
    );
  }, [linked, providers, intl]);
}

import { useIntl } from 'react-intl';
import { QueryState } from '@/components/query-state';
import { useMeQuery } from '@/data/me/me-query';
import { EmailChangeCard } from './email-change-card';
import { ProfileCard } from './profile-card';

/** Profile: name, organization and department; the email address and how to change it. */
export default function ProfileTab() {
  const intl = useIntl();
  const me = useMeQuery();
  return (
    <QueryState
      query={me}
      loadingLabel={intl.formatMessage({ id: 'account.profile.loading', defaultMessage: 'Loading your profile…' })}
      loadingRows={2}
      errorTitle={intl.formatMessage({
        id: 'account.profile.loadError',
        defaultMessage: 'Could not load your profile',
      })}
    >
      {(data) => (
        <>
          <ProfileCard me={data} />
          <EmailChangeCard me={data} />
        </>
      )}
    </QueryState>
  );
}

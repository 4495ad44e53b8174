import { useIntl } from 'react-intl';
import { ModulePage } from '../shared/module-page';
import { TALENTMLS_STATS } from './talentmls.data';
import { AnalyticsTab, EmployersTab, JobListingsTab, PaymentsTab } from './talentmls-tabs';

/** Job marketplace admin (TalentMLS), spec §2 item 4. */
export default function TalentmlsPage() {
  const intl = useIntl();
  return (
    <ModulePage
      title={intl.formatMessage({
        id: 'modules.talentmls.jobMarketplaceAdmin',
        defaultMessage: 'Job Marketplace Admin',
      })}
      description={intl.formatMessage({
        id: 'modules.talentmls.talentmlsJobListingsEmployersMarketplaceAnalytics',
        defaultMessage: 'TalentMLS: job listings, employers, marketplace analytics and payments.',
      })}
      stats={TALENTMLS_STATS}
      tabs={[
        {
          value: 'listings',
          label: intl.formatMessage({ id: 'modules.talentmls.jobListings', defaultMessage: 'Job Listings' }),
          content: <JobListingsTab />,
        },
        {
          value: 'employers',
          label: intl.formatMessage({ id: 'modules.talentmls.employers', defaultMessage: 'Employers' }),
          content: <EmployersTab />,
        },
        {
          value: 'analytics',
          label: intl.formatMessage({ id: 'modules.talentmls.analytics', defaultMessage: 'Analytics' }),
          content: <AnalyticsTab />,
        },
        {
          value: 'payments',
          label: intl.formatMessage({ id: 'modules.talentmls.payments', defaultMessage: 'Payments' }),
          content: <PaymentsTab />,
        },
      ]}
    />
  );
}

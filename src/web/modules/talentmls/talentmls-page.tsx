import { ModulePage } from '../shared/module-page';
import { TALENTMLS_STATS } from './talentmls.data';
import { AnalyticsTab, EmployersTab, JobListingsTab, PaymentsTab } from './talentmls-tabs';

/** Job marketplace admin (TalentMLS), spec §2 item 4. */
export default function TalentmlsPage() {
  return (
    <ModulePage
      title="Job Marketplace Admin"
      description="TalentMLS: job listings, employers, marketplace analytics and payments."
      stats={TALENTMLS_STATS}
      tabs={[
        { value: 'listings', label: 'Job Listings', content: <JobListingsTab /> },
        { value: 'employers', label: 'Employers', content: <EmployersTab /> },
        { value: 'analytics', label: 'Analytics', content: <AnalyticsTab /> },
        { value: 'payments', label: 'Payments', content: <PaymentsTab /> },
      ]}
    />
  );
}

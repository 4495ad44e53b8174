import { ModulePage } from '../shared/module-page';
import { HEALTH_STATS } from './health.data';
import { AlertsTab, ApiHealthTab, PlatformStatusTab, ServerMetricsTab } from './health-tabs';

/** System Health, spec §2 item 7. */
export default function HealthPage() {
  return (
    <ModulePage
      title="System Health"
      description="Platform status, server load, API health, incidents and alerting rules."
      stats={HEALTH_STATS}
      tabs={[
        { value: 'platforms', label: 'Platform Status', content: <PlatformStatusTab /> },
        { value: 'servers', label: 'Server Metrics', content: <ServerMetricsTab /> },
        { value: 'api', label: 'API Health', content: <ApiHealthTab /> },
        { value: 'alerts', label: 'Alerts & Incidents', content: <AlertsTab /> },
      ]}
    />
  );
}

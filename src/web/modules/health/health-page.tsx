import { useIntl } from 'react-intl';
import { ModulePage } from '../shared/module-page';
import { HEALTH_STATS } from './health.data';
import { AlertsTab, ApiHealthTab, PlatformStatusTab, ServerMetricsTab } from './health-tabs';
import { BackupTab } from './backup-tab';
import { useIsEcosystemAdmin } from '@/auth/auth-provider';
import { useShellMode } from '@/layout/shell/shell-mode';

/** System Health, spec §2 item 7. */
export default function HealthPage() {
  const intl = useIntl();
  const isEcosystemAdmin = useIsEcosystemAdmin();
  // The hub's own backups are real figures, for its administrators only; the demo shows the samples.
  const showsBackups = useShellMode() === 'live' && isEcosystemAdmin;
  return (
    <ModulePage
      title={intl.formatMessage({ id: 'modules.health.systemHealth', defaultMessage: 'System Health' })}
      description={intl.formatMessage({
        id: 'modules.health.platformStatusServerLoadApiHealth',
        defaultMessage: 'Platform status, server load, API health, incidents and alerting rules.',
      })}
      stats={HEALTH_STATS}
      tabs={[
        {
          value: 'platforms',
          label: intl.formatMessage({ id: 'modules.health.platformStatus', defaultMessage: 'Platform Status' }),
          content: <PlatformStatusTab />,
        },
        {
          value: 'servers',
          label: intl.formatMessage({ id: 'modules.health.serverMetrics', defaultMessage: 'Server Metrics' }),
          content: <ServerMetricsTab />,
        },
        {
          value: 'api',
          label: intl.formatMessage({ id: 'modules.health.apiHealth', defaultMessage: 'API Health' }),
          content: <ApiHealthTab />,
        },
        {
          value: 'alerts',
          label: intl.formatMessage({ id: 'modules.health.alertsIncidents', defaultMessage: 'Alerts & Incidents' }),
          content: <AlertsTab />,
        },
        ...(showsBackups
          ? [
              {
                value: 'backups',
                label: intl.formatMessage({ id: 'modules.health.backups', defaultMessage: 'Backups' }),
                content: <BackupTab />,
              },
            ]
          : []),
      ]}
    />
  );
}

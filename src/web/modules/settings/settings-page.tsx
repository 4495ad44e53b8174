import { useIntl } from 'react-intl';
import { ModulePage } from '../shared/module-page';
import { SETTINGS_STATS } from './settings.data';
import { BackupAuditTab, SecurityApisTab } from './settings-security-tabs';
import { GlobalSettingsTab, PlatformConfigTab, UserManagementTab } from './settings-tabs';

/** Settings admin, spec §2 item 8 (roles and policies of §6, values of §9). */
export default function SettingsPage() {
  const intl = useIntl();
  return (
    <ModulePage
      title={intl.formatMessage({ id: 'modules.settings.settingsAdmin', defaultMessage: 'Settings Admin' })}
      description={intl.formatMessage({
        id: 'modules.settings.globalSettingsPerPlatformConfigurationAdministrator',
        defaultMessage:
          'Global settings, per-platform configuration, administrator roles, security, backups and audit.',
      })}
      stats={SETTINGS_STATS}
      tabs={[
        {
          value: 'global',
          label: intl.formatMessage({ id: 'modules.settings.globalSettings', defaultMessage: 'Global Settings' }),
          content: <GlobalSettingsTab />,
        },
        {
          value: 'platforms',
          label: intl.formatMessage({ id: 'modules.settings.platformConfig', defaultMessage: 'Platform Config' }),
          content: <PlatformConfigTab />,
        },
        {
          value: 'users',
          label: intl.formatMessage({ id: 'modules.settings.userManagement', defaultMessage: 'User Management' }),
          content: <UserManagementTab />,
        },
        {
          value: 'security',
          label: intl.formatMessage({ id: 'modules.settings.securityApis', defaultMessage: 'Security & APIs' }),
          content: <SecurityApisTab />,
        },
        {
          value: 'backup',
          label: intl.formatMessage({ id: 'modules.settings.backupAudit', defaultMessage: 'Backup & Audit' }),
          content: <BackupAuditTab />,
        },
      ]}
    />
  );
}

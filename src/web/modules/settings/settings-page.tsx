import { ModulePage } from '../shared/module-page';
import { SETTINGS_STATS } from './settings.data';
import { BackupAuditTab, SecurityApisTab } from './settings-security-tabs';
import { GlobalSettingsTab, PlatformConfigTab, UserManagementTab } from './settings-tabs';

/** Settings admin, spec §2 item 8 (roles and policies of §6, values of §9). */
export default function SettingsPage() {
  return (
    <ModulePage
      title="Settings Admin"
      description="Global settings, per-platform configuration, administrator roles, security, backups and audit."
      stats={SETTINGS_STATS}
      tabs={[
        { value: 'global', label: 'Global Settings', content: <GlobalSettingsTab /> },
        { value: 'platforms', label: 'Platform Config', content: <PlatformConfigTab /> },
        { value: 'users', label: 'User Management', content: <UserManagementTab /> },
        { value: 'security', label: 'Security & APIs', content: <SecurityApisTab /> },
        { value: 'backup', label: 'Backup & Audit', content: <BackupAuditTab /> },
      ]}
    />
  );
}

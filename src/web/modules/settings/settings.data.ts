import { defineMessage } from 'react-intl';
import { DatabaseBackupIcon, KeyRoundIcon, SettingsIcon, ShieldIcon } from 'lucide-react';
import type {
  AdminRole,
  ApiKey,
  AuditEventSample,
  Backup,
  GlobalSetting,
  PlatformConfig,
  StatCardData,
  ToggleSetting,
} from '../types';

/** Settings admin sample data (spec §2 item 8, §3 global setting … audit event, §6 roles and policies, §9 values). */
export const SETTINGS_STATS: StatCardData[] = [
  {
    label: defineMessage({ id: 'modules.settings.globalSettings', defaultMessage: 'Global Settings' }),
    value: '6',
    hint: defineMessage({ id: 'modules.settings.n3Critical', defaultMessage: '3 critical' }),
    icon: SettingsIcon,
  },
  {
    label: defineMessage({ id: 'modules.settings.adminUsers', defaultMessage: 'Admin Users' }),
    value: '28',
    hint: defineMessage({ id: 'modules.settings.across4Roles', defaultMessage: 'Across 4 roles' }),
    icon: ShieldIcon,
  },
  {
    label: defineMessage({ id: 'modules.settings.apiKeys', defaultMessage: 'API Keys' }),
    value: '4',
    hint: defineMessage({ id: 'modules.settings.n1Expired', defaultMessage: '1 expired' }),
    icon: KeyRoundIcon,
  },
  {
    label: defineMessage({ id: 'modules.settings.lastBackup', defaultMessage: 'Last Backup' }),
    value: '12 min',
    hint: defineMessage({ id: 'modules.settings.allBackupsHealthy', defaultMessage: 'All backups healthy' }),
    icon: DatabaseBackupIcon,
  },
];

export const GLOBAL_SETTINGS: GlobalSetting[] = [
  {
    key: 'rate_limiting',
    value: '1000 req/min',
    category: defineMessage({ id: 'modules.settings.security', defaultMessage: 'Security' }),
    critical: true,
  },
  {
    key: 'session_timeout',
    value: defineMessage({ id: 'modules.settings.twoHours', defaultMessage: '2 hours' }),
    category: defineMessage({ id: 'modules.settings.security', defaultMessage: 'Security' }),
    critical: true,
  },
  {
    key: 'password_min_length',
    value: defineMessage({ id: 'modules.settings.twelveCharacters', defaultMessage: '12 characters' }),
    category: defineMessage({ id: 'modules.settings.security', defaultMessage: 'Security' }),
    critical: true,
  },
  {
    key: 'default_language',
    value: 'English (US)',
    category: defineMessage({ id: 'modules.settings.localization', defaultMessage: 'Localization' }),
    critical: false,
  },
  {
    key: 'maintenance_window',
    value: 'Sundays 02:00–04:00 UTC',
    category: defineMessage({ id: 'modules.settings.operations', defaultMessage: 'Operations' }),
    critical: false,
  },
  {
    key: 'max_upload_size',
    value: '25 MB',
    category: defineMessage({ id: 'modules.settings.storage', defaultMessage: 'Storage' }),
    critical: false,
  },
];

export const NOTIFICATION_TOGGLES: ToggleSetting[] = [
  {
    id: 'notify-security',
    label: defineMessage({ id: 'modules.settings.securityAlerts', defaultMessage: 'Security alerts' }),
    description: defineMessage({
      id: 'modules.settings.eMailAdministratorsAboutBlockedAttacks',
      defaultMessage: 'E-mail administrators about blocked attacks and escalations',
    }),
    enabled: true,
  },
  {
    id: 'notify-health',
    label: defineMessage({ id: 'modules.settings.systemHealthAlerts', defaultMessage: 'System health alerts' }),
    description: defineMessage({
      id: 'modules.settings.pageOnCallWhenAnAlert',
      defaultMessage: 'Page on-call when an alert rule triggers',
    }),
    enabled: true,
  },
  {
    id: 'notify-digest',
    label: defineMessage({ id: 'modules.settings.weeklyDigest', defaultMessage: 'Weekly digest' }),
    description: defineMessage({
      id: 'modules.settings.summaryOfActivityAcrossAllPlatforms',
      defaultMessage: 'Summary of activity across all platforms',
    }),
    enabled: false,
  },
];

export const PLATFORM_CONFIGS: PlatformConfig[] = [
  {
    platform: 'Fulfils',
    settings: { sso: true, notifications: true, analytics: true, backup_frequency: 'hourly' },
    lastSync: defineMessage({ id: 'modules.settings.n2MinAgo', defaultMessage: '2 min ago' }),
    status: 'healthy',
  },
  {
    platform: 'SortStak',
    settings: { sso: true, notifications: false, analytics: true, backup_frequency: 'daily' },
    lastSync: defineMessage({ id: 'modules.settings.n5MinAgo', defaultMessage: '5 min ago' }),
    status: 'healthy',
  },
  {
    platform: 'Role Builder',
    settings: { sso: true, notifications: true, analytics: false, backup_frequency: 'daily' },
    lastSync: defineMessage({ id: 'modules.settings.syncingNow', defaultMessage: 'Syncing now' }),
    status: 'syncing',
  },
  {
    platform: 'Quick Role Check',
    settings: { sso: true, notifications: true, analytics: true, backup_frequency: 'daily' },
    lastSync: defineMessage({ id: 'modules.settings.n9MinAgo', defaultMessage: '9 min ago' }),
    status: 'healthy',
  },
  {
    platform: 'TalentMLS',
    settings: { sso: true, notifications: true, analytics: true, backup_frequency: 'hourly' },
    lastSync: defineMessage({ id: 'modules.settings.n1MinAgo', defaultMessage: '1 min ago' }),
    status: 'healthy',
  },
];

/** The four sample administrator roles of spec §6 (enforcement not shown). */
export const ADMIN_ROLES: AdminRole[] = [
  {
    role: defineMessage({ id: 'modules.settings.superAdmin', defaultMessage: 'Super Admin' }),
    users: 2,
    permissions: defineMessage({ id: 'modules.settings.allSystems', defaultMessage: 'All systems' }),
    description: defineMessage({ id: 'modules.settings.fullAccess', defaultMessage: 'Full access' }),
  },
  {
    role: defineMessage({ id: 'modules.settings.platformAdmin', defaultMessage: 'Platform Admin' }),
    users: 8,
    permissions: defineMessage({ id: 'modules.settings.assignedPlatforms', defaultMessage: 'Assigned platforms' }),
    description: defineMessage({
      id: 'modules.settings.administersThePlatformsAssignedToThem',
      defaultMessage: 'Administers the platforms assigned to them',
    }),
  },
  {
    role: defineMessage({ id: 'modules.settings.support', defaultMessage: 'Support' }),
    users: 15,
    permissions: defineMessage({
      id: 'modules.settings.userManagementViewOnly',
      defaultMessage: 'User management, view only',
    }),
    description: defineMessage({
      id: 'modules.settings.helpsUsersCanViewButNot',
      defaultMessage: 'Helps users; can view but not change settings',
    }),
  },
  {
    role: defineMessage({ id: 'modules.settings.auditor', defaultMessage: 'Auditor' }),
    users: 3,
    permissions: defineMessage({ id: 'modules.settings.readOnlyAuditLogs', defaultMessage: 'Read only, audit logs' }),
    description: defineMessage({
      id: 'modules.settings.readsEverythingIncludingTheAuditLogs',
      defaultMessage: 'Reads everything including the audit logs',
    }),
  },
];

/** The sample security policy toggles of spec §6, with their stated defaults. */
export const SECURITY_POLICIES: ToggleSetting[] = [
  {
    id: 'policy-2fa',
    label: defineMessage({ id: 'modules.settings.enforce2faForAdmins', defaultMessage: 'Enforce 2FA for admins' }),
    description: defineMessage({
      id: 'modules.settings.administratorsMustUseASecondFactor',
      defaultMessage: 'Administrators must use a second factor',
    }),
    enabled: true,
  },
  {
    id: 'policy-timeout',
    label: defineMessage({ id: 'modules.settings.sessionTimeout', defaultMessage: 'Session timeout' }),
    description: defineMessage({
      id: 'modules.settings.signOutAfter2HoursOf',
      defaultMessage: 'Sign out after 2 hours of inactivity',
    }),
    enabled: true,
  },
  {
    id: 'policy-ip-whitelist',
    label: defineMessage({
      id: 'modules.settings.ipWhitelistForAdminPanel',
      defaultMessage: 'IP whitelist for admin panel',
    }),
    description: defineMessage({
      id: 'modules.settings.onlyListedAddressesMayOpenThe',
      defaultMessage: 'Only listed addresses may open the admin panel',
    }),
    enabled: false,
  },
];

export const API_KEYS: ApiKey[] = [
  {
    name: 'Fulfils production',
    platform: 'Fulfils',
    status: 'active',
    expires: 'Mar 1, 2027',
    usage: defineMessage({ id: 'modules.settings.n482kCallsDay', defaultMessage: '48.2K calls / day' }),
  },
  {
    name: 'SortStak ingest',
    platform: 'SortStak',
    status: 'active',
    expires: 'Jan 15, 2027',
    usage: defineMessage({ id: 'modules.settings.n112kCallsDay', defaultMessage: '112K calls / day' }),
  },
  {
    name: 'TalentMLS search',
    platform: 'TalentMLS',
    status: 'active',
    expires: 'May 30, 2027',
    usage: defineMessage({ id: 'modules.settings.n317kCallsDay', defaultMessage: '31.7K calls / day' }),
  },
  {
    name: 'QRC legacy',
    platform: 'Quick Role Check',
    status: 'expired',
    expires: 'Oct 31, 2026',
    usage: defineMessage({ id: 'modules.settings.n0CallsDay', defaultMessage: '0 calls / day' }),
  },
];

/** Backups, one per retention option of spec §9 (30 days, 90 days, 7 years, 1 year). */
export const BACKUPS: Backup[] = [
  {
    type: 'Database (incremental)',
    lastBackup: defineMessage({ id: 'modules.settings.n12MinAgo', defaultMessage: '12 min ago' }),
    size: '2.4 GB',
    status: 'completed',
    retention: '30 days',
  },
  {
    type: 'Database (full)',
    lastBackup: defineMessage({ id: 'modules.settings.today0200', defaultMessage: 'Today 02:00' }),
    size: '48.6 GB',
    status: 'completed',
    retention: '90 days',
  },
  {
    type: 'Audit logs',
    lastBackup: defineMessage({ id: 'modules.settings.inProgress', defaultMessage: 'In progress' }),
    size: '6.1 GB',
    status: 'in_progress',
    retention: '7 years',
  },
  {
    type: 'File storage',
    lastBackup: defineMessage({ id: 'modules.settings.yesterday2300', defaultMessage: 'Yesterday 23:00' }),
    size: '112 GB',
    status: 'completed',
    retention: '1 year',
  },
];

export const AUDIT_EVENTS: AuditEventSample[] = [
  {
    user: 'admin@ecosystem.example',
    action: defineMessage({
      id: 'modules.settings.updatedRateLimitingTo1000Req',
      defaultMessage: 'Updated rate limiting to 1000 req/min',
    }),
    platform: 'All platforms',
    time: defineMessage({ id: 'modules.settings.n10MinAgo', defaultMessage: '10 min ago' }),
  },
  {
    user: 'sarah.ops@ecosystem.example',
    action: defineMessage({
      id: 'modules.settings.rotatedApiKeySortstakIngest',
      defaultMessage: 'Rotated API key "SortStak ingest"',
    }),
    platform: 'SortStak',
    time: defineMessage({ id: 'modules.settings.n1HAgo', defaultMessage: '1 h ago' }),
  },
  {
    user: 'auditor@ecosystem.example',
    action: defineMessage({ id: 'modules.settings.exportedAuditLogCsv', defaultMessage: 'Exported audit log (CSV)' }),
    platform: 'Hub',
    time: defineMessage({ id: 'modules.settings.n3HAgo', defaultMessage: '3 h ago' }),
  },
  {
    user: 'admin@ecosystem.example',
    action: defineMessage({
      id: 'modules.settings.grantedPlatformAdminToMLee',
      defaultMessage: 'Granted Platform Admin to m.lee',
    }),
    platform: 'TalentMLS',
    time: defineMessage({ id: 'modules.settings.yesterday', defaultMessage: 'Yesterday' }),
  },
];

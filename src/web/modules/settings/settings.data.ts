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
  { label: 'Global Settings', value: '6', hint: '3 critical', icon: SettingsIcon },
  { label: 'Admin Users', value: '28', hint: 'Across 4 roles', icon: ShieldIcon },
  { label: 'API Keys', value: '4', hint: '1 expired', icon: KeyRoundIcon },
  { label: 'Last Backup', value: '12 min', hint: 'All backups healthy', icon: DatabaseBackupIcon },
];

export const GLOBAL_SETTINGS: GlobalSetting[] = [
  { key: 'rate_limiting', value: '1000 req/min', category: 'Security', critical: true },
  { key: 'session_timeout', value: '2 hours', category: 'Security', critical: true },
  { key: 'password_min_length', value: '12 characters', category: 'Security', critical: true },
  { key: 'default_language', value: 'English (US)', category: 'Localization', critical: false },
  { key: 'maintenance_window', value: 'Sundays 02:00–04:00 UTC', category: 'Operations', critical: false },
  { key: 'max_upload_size', value: '25 MB', category: 'Storage', critical: false },
];

export const NOTIFICATION_TOGGLES: ToggleSetting[] = [
  {
    id: 'notify-security',
    label: 'Security alerts',
    description: 'E-mail administrators about blocked attacks and escalations',
    enabled: true,
  },
  {
    id: 'notify-health',
    label: 'System health alerts',
    description: 'Page on-call when an alert rule triggers',
    enabled: true,
  },
  {
    id: 'notify-digest',
    label: 'Weekly digest',
    description: 'Summary of activity across all platforms',
    enabled: false,
  },
];

export const PLATFORM_CONFIGS: PlatformConfig[] = [
  {
    platform: 'Fulfils',
    settings: { sso: true, notifications: true, analytics: true, backup_frequency: 'hourly' },
    lastSync: '2 min ago',
    status: 'healthy',
  },
  {
    platform: 'SortStak',
    settings: { sso: true, notifications: false, analytics: true, backup_frequency: 'daily' },
    lastSync: '5 min ago',
    status: 'healthy',
  },
  {
    platform: 'Role Builder',
    settings: { sso: true, notifications: true, analytics: false, backup_frequency: 'daily' },
    lastSync: 'Syncing now',
    status: 'syncing',
  },
  {
    platform: 'Quick Role Check',
    settings: { sso: true, notifications: true, analytics: true, backup_frequency: 'daily' },
    lastSync: '9 min ago',
    status: 'healthy',
  },
  {
    platform: 'TalentMLS',
    settings: { sso: true, notifications: true, analytics: true, backup_frequency: 'hourly' },
    lastSync: '1 min ago',
    status: 'healthy',
  },
];

/** The four sample administrator roles of spec §6 (enforcement not shown). */
export const ADMIN_ROLES: AdminRole[] = [
  { role: 'Super Admin', users: 2, permissions: 'All systems', description: 'Full access' },
  {
    role: 'Platform Admin',
    users: 8,
    permissions: 'Assigned platforms',
    description: 'Administers the platforms assigned to them',
  },
  {
    role: 'Support',
    users: 15,
    permissions: 'User management, view only',
    description: 'Helps users; can view but not change settings',
  },
  {
    role: 'Auditor',
    users: 3,
    permissions: 'Read only, audit logs',
    description: 'Reads everything including the audit logs',
  },
];

/** The sample security policy toggles of spec §6, with their stated defaults. */
export const SECURITY_POLICIES: ToggleSetting[] = [
  {
    id: 'policy-2fa',
    label: 'Enforce 2FA for admins',
    description: 'Administrators must use a second factor',
    enabled: true,
  },
  {
    id: 'policy-timeout',
    label: 'Session timeout',
    description: 'Sign out after 2 hours of inactivity',
    enabled: true,
  },
  {
    id: 'policy-ip-whitelist',
    label: 'IP whitelist for admin panel',
    description: 'Only listed addresses may open the admin panel',
    enabled: false,
  },
];

export const API_KEYS: ApiKey[] = [
  {
    name: 'Fulfils production',
    platform: 'Fulfils',
    status: 'active',
    expires: 'Mar 1, 2027',
    usage: '48.2K calls / day',
  },
  {
    name: 'SortStak ingest',
    platform: 'SortStak',
    status: 'active',
    expires: 'Jan 15, 2027',
    usage: '112K calls / day',
  },
  {
    name: 'TalentMLS search',
    platform: 'TalentMLS',
    status: 'active',
    expires: 'May 30, 2027',
    usage: '31.7K calls / day',
  },
  {
    name: 'QRC legacy',
    platform: 'Quick Role Check',
    status: 'expired',
    expires: 'Oct 31, 2026',
    usage: '0 calls / day',
  },
];

/** Backups, one per retention option of spec §9 (30 days, 90 days, 7 years, 1 year). */
export const BACKUPS: Backup[] = [
  {
    type: 'Database (incremental)',
    lastBackup: '12 min ago',
    size: '2.4 GB',
    status: 'completed',
    retention: '30 days',
  },
  { type: 'Database (full)', lastBackup: 'Today 02:00', size: '48.6 GB', status: 'completed', retention: '90 days' },
  { type: 'Audit logs', lastBackup: 'In progress', size: '6.1 GB', status: 'in_progress', retention: '7 years' },
  { type: 'File storage', lastBackup: 'Yesterday 23:00', size: '112 GB', status: 'completed', retention: '1 year' },
];

export const AUDIT_EVENTS: AuditEventSample[] = [
  {
    user: 'admin@ecosystem.example',
    action: 'Updated rate limiting to 1000 req/min',
    platform: 'All platforms',
    time: '10 min ago',
  },
  {
    user: 'sarah.ops@ecosystem.example',
    action: 'Rotated API key "SortStak ingest"',
    platform: 'SortStak',
    time: '1 h ago',
  },
  { user: 'auditor@ecosystem.example', action: 'Exported audit log (CSV)', platform: 'Hub', time: '3 h ago' },
  {
    user: 'admin@ecosystem.example',
    action: 'Granted Platform Admin to m.lee',
    platform: 'TalentMLS',
    time: 'Yesterday',
  },
];

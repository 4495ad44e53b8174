import { Badge } from '@/components/ui/badge';
import { ListRow, SectionCard } from '../shared/section-card';
import { StatusBadge } from '../shared/status-badge';
import { ALERT_RULES } from '../health/health.data';
import { ADMIN_ROLES, GLOBAL_SETTINGS, NOTIFICATION_TOGGLES, PLATFORM_CONFIGS } from './settings.data';
import { ToggleList } from './toggle-list';

export function GlobalSettingsTab() {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <SectionCard title="Global Settings" description="Apply to every platform in the ecosystem">
        <ul>
          {GLOBAL_SETTINGS.map((s) => (
            <ListRow key={s.key} testId="global-setting">
              <div className="min-w-0">
                <code className="font-mono text-sm font-medium">{s.key}</code>
                <p className="text-xs text-muted-foreground">{s.category}</p>
              </div>
              <div className="flex items-center gap-2 text-sm">
                <span>{s.value}</span>
                {s.critical && <Badge variant="destructive">Critical</Badge>}
              </div>
            </ListRow>
          ))}
        </ul>
      </SectionCard>
      <div className="flex min-w-0 flex-col gap-4">
        <SectionCard title="Notifications" description="Who hears about what">
          <ToggleList toggles={NOTIFICATION_TOGGLES} />
        </SectionCard>
        <SectionCard title="Alert Rules" description="Thresholds shared with System Health">
          <ul>
            {ALERT_RULES.map((r) => (
              <ListRow key={r.rule}>
                <span className="text-sm font-medium">{r.rule}</span>
                <Badge variant={r.active ? 'success' : 'secondary'}>{r.active ? 'Active' : 'Inactive'}</Badge>
              </ListRow>
            ))}
          </ul>
        </SectionCard>
      </div>
    </div>
  );
}

const onOff = (v: boolean) => (v ? 'On' : 'Off');

export function PlatformConfigTab() {
  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      {PLATFORM_CONFIGS.map((p) => (
        <SectionCard key={p.platform} title={p.platform} description={`Last sync: ${p.lastSync}`}>
          <dl className="grid grid-cols-2 gap-x-3 gap-y-1.5 text-sm">
            <dt className="text-muted-foreground">Status</dt>
            <dd>
              <StatusBadge status={p.status} />
            </dd>
            <dt className="text-muted-foreground">SSO</dt>
            <dd>{onOff(p.settings.sso)}</dd>
            <dt className="text-muted-foreground">Notifications</dt>
            <dd>{onOff(p.settings.notifications)}</dd>
            <dt className="text-muted-foreground">Analytics</dt>
            <dd>{onOff(p.settings.analytics)}</dd>
            <dt className="text-muted-foreground">Backup frequency</dt>
            <dd className="capitalize">{p.settings.backup_frequency}</dd>
          </dl>
        </SectionCard>
      ))}
    </div>
  );
}

export function UserManagementTab() {
  return (
    <SectionCard title="Administrator Roles" description="Who can do what across the ecosystem">
      <ul>
        {ADMIN_ROLES.map((r) => (
          <ListRow key={r.role} testId="admin-role">
            <div className="min-w-0">
              <p className="font-medium">{r.role}</p>
              <p className="text-xs text-muted-foreground">{r.description}</p>
            </div>
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <Badge variant="outline">{r.permissions}</Badge>
              <span className="tabular-nums">{r.users} users</span>
            </div>
          </ListRow>
        ))}
      </ul>
    </SectionCard>
  );
}

import { ListRow, SectionCard } from '../shared/section-card';
import { StatusBadge } from '../shared/status-badge';
import { API_KEYS, AUDIT_EVENTS, BACKUPS, SECURITY_POLICIES } from './settings.data';
import { ToggleList } from './toggle-list';

export function SecurityApisTab() {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <SectionCard title="Security Policies" description="Apply to every administrator">
        <ToggleList toggles={SECURITY_POLICIES} />
      </SectionCard>
      <SectionCard title="API Keys" description="Keys the platforms use to call the hub">
        <ul>
          {API_KEYS.map((k) => (
            <ListRow key={k.name}>
              <div className="min-w-0">
                <p className="font-medium">{k.name}</p>
                <p className="text-xs text-muted-foreground">
                  {k.platform} · expires {k.expires} · {k.usage}
                </p>
              </div>
              <StatusBadge status={k.status} />
            </ListRow>
          ))}
        </ul>
      </SectionCard>
    </div>
  );
}

export function BackupAuditTab() {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <SectionCard title="Backups" description="Schedules and retention">
        <ul>
          {BACKUPS.map((b) => (
            <ListRow key={b.type} testId="backup">
              <div className="min-w-0">
                <p className="font-medium">{b.type}</p>
                <p className="text-xs text-muted-foreground">
                  {b.lastBackup} · {b.size} · retention {b.retention}
                </p>
              </div>
              <StatusBadge status={b.status} />
            </ListRow>
          ))}
        </ul>
      </SectionCard>
      <SectionCard title="Recent Audit Events" description="Changes made by administrators">
        <ul>
          {AUDIT_EVENTS.map((e) => (
            <ListRow key={`${e.user}-${e.action}`}>
              <div className="min-w-0">
                <p className="text-sm font-medium">{e.action}</p>
                <p className="truncate text-xs text-muted-foreground">
                  {e.user} · {e.platform}
                </p>
              </div>
              <span className="text-xs text-muted-foreground">{e.time}</span>
            </ListRow>
          ))}
        </ul>
      </SectionCard>
    </div>
  );
}

import { Badge } from '@/components/ui/badge';
import { ListRow, Meter, SectionCard } from '../shared/section-card';
import { StatusBadge } from '../shared/status-badge';
import { ALERT_RULES, API_HEALTH, INCIDENTS, PLATFORM_HEALTH, SERVER_METRICS } from './health.data';

export function PlatformStatusTab() {
  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      {PLATFORM_HEALTH.map((p) => (
        <SectionCard key={p.name} title={p.name}>
          <dl className="grid grid-cols-2 gap-x-3 gap-y-1.5 text-sm">
            <dt className="text-muted-foreground">Status</dt>
            <dd>
              <StatusBadge status={p.status} />
            </dd>
            <dt className="text-muted-foreground">Uptime</dt>
            <dd className="tabular-nums">{p.uptime}</dd>
            <dt className="text-muted-foreground">Response</dt>
            <dd className="tabular-nums">{p.response}</dd>
            <dt className="text-muted-foreground">Errors</dt>
            <dd className="tabular-nums">{p.errors}</dd>
            <dt className="text-muted-foreground">Users now</dt>
            <dd className="tabular-nums">{p.users.toLocaleString('en-US')}</dd>
            <dt className="text-muted-foreground">Depends on</dt>
            <dd>{p.dependencies.join(', ')}</dd>
          </dl>
        </SectionCard>
      ))}
    </div>
  );
}

const METRICS = ['cpu', 'memory', 'disk', 'network'] as const;
const METRIC_LABEL = { cpu: 'CPU', memory: 'Memory', disk: 'Disk', network: 'Network' };

export function ServerMetricsTab() {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {SERVER_METRICS.map((s) => (
        <SectionCard key={s.server} title={s.server}>
          <ul className="flex flex-col gap-2.5 text-sm">
            {METRICS.map((m) => (
              <li key={m} className="grid grid-cols-[5rem_1fr_3rem] items-center gap-2">
                <span>{METRIC_LABEL[m]}</span>
                <Meter label={`${s.server} ${METRIC_LABEL[m]}`} value={s[m]} />
                <span className="text-end tabular-nums">{s[m]}%</span>
              </li>
            ))}
          </ul>
        </SectionCard>
      ))}
    </div>
  );
}

export function ApiHealthTab() {
  return (
    <SectionCard title="API Health" description="Key endpoints, last hour">
      <ul>
        {API_HEALTH.map((a) => (
          <ListRow key={a.endpoint}>
            <code className="min-w-0 break-all font-mono text-sm">{a.endpoint}</code>
            <div className="flex items-center gap-3 text-sm">
              <span className="tabular-nums">p95 {a.p95}</span>
              <span className="tabular-nums">{a.successRate} ok</span>
              <StatusBadge status={a.status} />
            </div>
          </ListRow>
        ))}
      </ul>
    </SectionCard>
  );
}

export function AlertsTab() {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <SectionCard title="Incidents" description="Recent and ongoing">
        <ul>
          {INCIDENTS.map((i) => (
            <ListRow key={i.title}>
              <div className="min-w-0">
                <p className="font-medium">{i.title}</p>
                <p className="text-xs text-muted-foreground">
                  {i.platform} · {i.time} · {i.duration}
                </p>
              </div>
              <div className="flex items-center gap-2">
                <StatusBadge status={i.severity} />
                <StatusBadge status={i.status} />
              </div>
            </ListRow>
          ))}
        </ul>
      </SectionCard>
      <SectionCard title="Alerting Rules" description="Thresholds that page the on-call engineer">
        <ul>
          {ALERT_RULES.map((r) => (
            <ListRow key={r.rule} testId="alert-rule">
              <div className="min-w-0">
                <p className="font-medium">{r.rule}</p>
                <p className="text-xs text-muted-foreground">
                  {r.platforms} · triggered {r.triggered}
                </p>
              </div>
              <Badge variant={r.active ? 'success' : 'secondary'}>{r.active ? 'Active' : 'Inactive'}</Badge>
            </ListRow>
          ))}
        </ul>
      </SectionCard>
    </div>
  );
}

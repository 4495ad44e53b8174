import { Badge } from '@/components/ui/badge';
import { ListRow, Meter, SectionCard } from '../shared/section-card';
import { StatusBadge } from '../shared/status-badge';
import { API_ENDPOINTS, DATA_QUALITY, PIPELINES, PRIVACY_ACTIVITY, VALIDATION_RULES } from './sortstak.data';

export function PipelinesTab() {
  return (
    <SectionCard title="Active Pipelines" description="Data flows between the platforms">
      <ul>
        {PIPELINES.map((p) => (
          <ListRow key={p.name}>
            <div className="min-w-0">
              <p className="font-medium">{p.name}</p>
              <p className="text-xs text-muted-foreground">
                {p.platform} · {p.throughput}
              </p>
            </div>
            <div className="flex w-full items-center gap-3 sm:w-auto">
              <StatusBadge status={p.status} />
              <div className="flex w-32 items-center gap-2">
                <Meter label={`${p.name} progress`} value={p.progress} />
                <span className="text-xs tabular-nums">{p.progress}%</span>
              </div>
            </div>
          </ListRow>
        ))}
      </ul>
    </SectionCard>
  );
}

export function DataQualityTab() {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <SectionCard title="Quality Metrics" description="Scores across all ingested records">
        <ul className="flex flex-col gap-3">
          {DATA_QUALITY.map((m) => (
            <li key={m.metric} className="flex flex-col gap-1.5 text-sm">
              <div className="flex items-center justify-between gap-2">
                <span>{m.metric}</span>
                <span className="flex items-center gap-2 tabular-nums">
                  {m.score}% <StatusBadge status={m.status} />
                </span>
              </div>
              <Meter label={`${m.metric} score`} value={m.score} />
            </li>
          ))}
        </ul>
      </SectionCard>
      <SectionCard title="Validation Rules" description="Checks applied to every record">
        <ul>
          {VALIDATION_RULES.map((r) => (
            <ListRow key={r.name} testId="validation-rule">
              <div className="min-w-0">
                <p className="font-medium">{r.name}</p>
                <p className="text-xs text-muted-foreground">{r.description}</p>
              </div>
              <Badge variant={r.state === 'Active' ? 'success' : 'secondary'}>{r.state}</Badge>
            </ListRow>
          ))}
        </ul>
      </SectionCard>
    </div>
  );
}

export function PrivacyTab() {
  return (
    <SectionCard title="User Data & Privacy" description="Recent operations on personal data">
      <ul>
        {PRIVACY_ACTIVITY.map((a) => (
          <ListRow key={`${a.user}-${a.operation}`}>
            <div className="min-w-0">
              <p className="font-medium">
                {a.operation} · {a.dataset}
              </p>
              <p className="text-xs text-muted-foreground">
                {a.user} · {a.size}
              </p>
            </div>
            <Badge variant={a.privacy === 'Restricted' ? 'warning' : 'success'}>{a.privacy}</Badge>
          </ListRow>
        ))}
      </ul>
    </SectionCard>
  );
}

export function ApiManagementTab() {
  return (
    <SectionCard title="API Management" description="Endpoint health, traffic and limits">
      <ul>
        {API_ENDPOINTS.map((e) => (
          <ListRow key={e.name}>
            <code className="font-mono text-sm">{e.name}</code>
            <div className="flex flex-wrap items-center gap-3 text-sm">
              <StatusBadge status={e.status} />
              <span className="tabular-nums">{e.calls} calls</span>
              <span className="tabular-nums">{e.latency}</span>
              <span className="text-muted-foreground">limit {e.rate_limit}</span>
            </div>
          </ListRow>
        ))}
      </ul>
    </SectionCard>
  );
}

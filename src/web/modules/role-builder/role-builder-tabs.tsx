import { StarIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { ListRow, Meter, SectionCard } from '../shared/section-card';
import { StatusBadge } from '../shared/status-badge';
import { BUILDER_METRICS, MOST_USED_SKILLS, ROLE_DEFINITIONS, ROLE_TEMPLATES } from './role-builder.data';

export function ActiveRolesTab() {
  return (
    <SectionCard title="Active Roles" description="Role definitions, their status and assignments">
      <ul>
        {ROLE_DEFINITIONS.map((r) => (
          <ListRow key={r.title} testId="role-definition">
            <div className="min-w-0">
              <p className="font-medium">{r.title}</p>
              <p className="text-xs text-muted-foreground">{r.company}</p>
            </div>
            <div className="flex w-full items-center gap-3 text-sm sm:w-auto">
              <StatusBadge status={r.status} />
              <span className="tabular-nums">{r.assignments} assignments</span>
              <div className="flex w-32 items-center gap-2">
                <Meter label={`${r.title} completion`} value={r.completion} />
                <span className="text-xs tabular-nums">{r.completion}%</span>
              </div>
            </div>
          </ListRow>
        ))}
      </ul>
    </SectionCard>
  );
}

export function TemplatesTab() {
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {ROLE_TEMPLATES.map((t) => (
        <SectionCard key={t.name} title={t.name}>
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <Badge variant="outline">{t.category}</Badge>
            <span className="tabular-nums">Used {t.usage} times</span>
            <span className="inline-flex items-center gap-1 tabular-nums">
              <StarIcon className="size-3.5 fill-warning text-warning" aria-hidden />
              {t.rating} rating
            </span>
          </div>
        </SectionCard>
      ))}
    </div>
  );
}

export function MetricsTab() {
  return (
    <SectionCard title="Role Builder Metrics" description="How roles are being built this month">
      <ul className="flex flex-col gap-4">
        {BUILDER_METRICS.map((m) => (
          <li key={m.label} className="flex flex-col gap-1.5 text-sm">
            <div className="flex justify-between gap-2">
              <span>{m.label}</span>
              <span className="tabular-nums">{m.value}%</span>
            </div>
            <Meter label={m.label} value={m.value} />
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}

export function AnalyticsTab() {
  const max = Math.max(...MOST_USED_SKILLS.map((s) => s.roles));
  return (
    <SectionCard title="Most Used Skills" description="Skills appearing in the most role definitions">
      <ul className="flex flex-col gap-3">
        {MOST_USED_SKILLS.map((s) => (
          <li
            key={s.skill}
            className="grid grid-cols-[8rem_1fr_auto] items-center gap-3 text-sm"
            data-testid="skill-bar"
          >
            <span className="truncate">{s.skill}</span>
            <Meter label={`${s.skill} usage`} value={Math.round((s.roles / max) * 100)} />
            <span className="tabular-nums">{s.roles} roles</span>
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}

import { AlertTriangleIcon, BadgeCheckIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { ListRow, Meter, SectionCard } from '../shared/section-card';
import { StatusBadge } from '../shared/status-badge';
import {
  CROSS_PLATFORM_ALERTS,
  MATCHING_CRITERIA,
  SKILL_CERTIFICATIONS,
  TALENTS,
  TRAINING_PROGRAMS,
} from './talentspark.data';

export function ProfilesTab() {
  return (
    <div className="flex flex-col gap-4">
      <SectionCard title="Cross-Platform Alerts" description="Profiles whose data disagrees between platforms">
        <ul>
          {CROSS_PLATFORM_ALERTS.map((a) => (
            <ListRow key={a.talent} testId="cross-platform-alert">
              <div className="flex min-w-0 items-start gap-2">
                <AlertTriangleIcon className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
                <div className="min-w-0">
                  <p className="font-medium">{a.talent}</p>
                  <p className="text-xs text-muted-foreground">
                    {a.issue} · {a.platforms.join(', ')}
                  </p>
                </div>
              </div>
              <StatusBadge status={a.severity} />
            </ListRow>
          ))}
        </ul>
      </SectionCard>
      <SectionCard title="Talent Profiles" description="Recently active talent">
        <ul>
          {TALENTS.map((t) => (
            <ListRow key={t.name}>
              <div className="min-w-0">
                <p className="flex items-center gap-1 font-medium">
                  {t.name}
                  {t.verified && <BadgeCheckIcon className="size-4 text-success" aria-label="Verified" />}
                </p>
                <div className="mt-1 flex flex-wrap gap-1">
                  {t.skills.map((s) => (
                    <Badge key={s} variant="secondary">
                      {s}
                    </Badge>
                  ))}
                </div>
              </div>
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <span className="tabular-nums">{t.engagement}% engagement</span>
                {t.cross_platform && <Badge variant="outline">Cross-platform</Badge>}
                <StatusBadge status={t.status} />
              </div>
            </ListRow>
          ))}
        </ul>
      </SectionCard>
    </div>
  );
}

export function SkillsTab() {
  return (
    <SectionCard title="Skills & Certifications" description="Certified and pending, with pass rates">
      <ul>
        {SKILL_CERTIFICATIONS.map((s) => (
          <ListRow key={s.skill}>
            <p className="font-medium">{s.skill}</p>
            <div className="flex flex-wrap items-center gap-3 text-sm">
              <span className="tabular-nums">{s.certified.toLocaleString('en-US')} certified</span>
              <span className="tabular-nums text-muted-foreground">{s.pending} pending</span>
              <Badge variant="outline">{s.pass_rate}% pass rate</Badge>
            </div>
          </ListRow>
        ))}
      </ul>
    </SectionCard>
  );
}

export function TrainingTab() {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {TRAINING_PROGRAMS.map((p) => {
        const rate = Math.round((p.completed / p.enrolled) * 100);
        return (
          <SectionCard key={p.name} title={p.name} description={p.duration}>
            <div className="flex flex-col gap-2 text-sm">
              <div className="flex justify-between">
                <span>{p.enrolled} enrolled</span>
                <span>{p.completed} completed</span>
              </div>
              <Meter label={`${p.name} completion`} value={rate} />
              <span className="text-xs text-muted-foreground">{rate}% completion</span>
            </div>
          </SectionCard>
        );
      })}
    </div>
  );
}

export function MatchingTab() {
  return (
    <SectionCard title="Matching Algorithm" description="Accuracy of each matching criterion">
      <ul className="flex flex-col gap-4">
        {MATCHING_CRITERIA.map((m) => (
          <li key={m.criteria} className="flex flex-col gap-1.5 text-sm">
            <div className="flex justify-between gap-2">
              <span>{m.criteria}</span>
              <span className="tabular-nums">
                {m.accuracy}% <span className="text-success">{m.improvement}</span>
              </span>
            </div>
            <Meter label={`${m.criteria} accuracy`} value={m.accuracy} />
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}

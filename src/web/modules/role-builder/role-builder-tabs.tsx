import { textKey, useText } from '../shared/text';
import { FormattedMessage, useIntl } from 'react-intl';
import { StarIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { ListRow, Meter, SectionCard } from '../shared/section-card';
import { StatusBadge } from '../shared/status-badge';
import { BUILDER_METRICS, MOST_USED_SKILLS, ROLE_DEFINITIONS, ROLE_TEMPLATES } from './role-builder.data';

export function ActiveRolesTab() {
  const tx = useText();
  const intl = useIntl();
  return (
    <SectionCard
      title={intl.formatMessage({ id: 'modules.roleBuilder.activeRoles', defaultMessage: 'Active Roles' })}
      description={intl.formatMessage({
        id: 'modules.roleBuilder.roleDefinitionsTheirStatusAndAssignments',
        defaultMessage: 'Role definitions, their status and assignments',
      })}
    >
      <ul>
        {ROLE_DEFINITIONS.map((r) => (
          <ListRow key={textKey(r.title)} testId="role-definition">
            <div className="min-w-0">
              <p className="font-medium">{tx(r.title)}</p>
              <p className="text-xs text-muted-foreground">{r.company}</p>
            </div>
            <div className="flex w-full items-center gap-3 text-sm sm:w-auto">
              <StatusBadge status={r.status} />
              <span className="tabular-nums">
                <FormattedMessage
                  id="modules.roleBuilder.assignments"
                  defaultMessage="{count, plural, one {# assignment} other {# assignments}}"
                  values={{ count: r.assignments }}
                />
              </span>
              <div className="flex w-32 items-center gap-2">
                <Meter
                  label={intl.formatMessage(
                    { id: 'modules.roleBuilder.completionOf', defaultMessage: '{name} completion' },
                    { name: tx(r.title) },
                  )}
                  value={r.completion}
                />
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
  const tx = useText();
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {ROLE_TEMPLATES.map((t) => (
        <SectionCard key={textKey(t.name)} title={t.name}>
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <Badge variant="outline">{tx(t.category)}</Badge>
            <span className="tabular-nums">
              <FormattedMessage
                id="modules.roleBuilder.usedTimes"
                defaultMessage="Used {count, plural, one {# time} other {# times}}"
                values={{ count: t.usage }}
              />
            </span>
            <span className="inline-flex items-center gap-1 tabular-nums">
              <StarIcon className="size-3.5 fill-warning text-warning" aria-hidden />
              <FormattedMessage
                id="modules.roleBuilder.rating"
                defaultMessage="{rating} rating"
                values={{ rating: t.rating }}
              />
            </span>
          </div>
        </SectionCard>
      ))}
    </div>
  );
}

export function MetricsTab() {
  const tx = useText();
  const intl = useIntl();
  return (
    <SectionCard
      title={intl.formatMessage({
        id: 'modules.roleBuilder.roleBuilderMetrics',
        defaultMessage: 'Role Builder Metrics',
      })}
      description={intl.formatMessage({
        id: 'modules.roleBuilder.howRolesAreBeingBuiltThis',
        defaultMessage: 'How roles are being built this month',
      })}
    >
      <ul className="flex flex-col gap-4">
        {BUILDER_METRICS.map((m) => (
          <li key={textKey(m.label)} className="flex flex-col gap-1.5 text-sm">
            <div className="flex justify-between gap-2">
              <span>{tx(m.label)}</span>
              <span className="tabular-nums">{m.value}%</span>
            </div>
            <Meter label={tx(m.label)} value={m.value} />
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}

export function AnalyticsTab() {
  const intl = useIntl();
  const max = Math.max(...MOST_USED_SKILLS.map((s) => s.roles));
  return (
    <SectionCard
      title={intl.formatMessage({ id: 'modules.roleBuilder.mostUsedSkills', defaultMessage: 'Most Used Skills' })}
      description={intl.formatMessage({
        id: 'modules.roleBuilder.skillsAppearingInTheMostRole',
        defaultMessage: 'Skills appearing in the most role definitions',
      })}
    >
      <ul className="flex flex-col gap-3">
        {MOST_USED_SKILLS.map((s) => (
          <li
            key={s.skill}
            className="grid grid-cols-[8rem_1fr_auto] items-center gap-3 text-sm"
            data-testid="skill-bar"
          >
            <span className="truncate">{s.skill}</span>
            <Meter
              label={intl.formatMessage(
                { id: 'modules.roleBuilder.usageOf', defaultMessage: '{skill} usage' },
                { skill: s.skill },
              )}
              value={Math.round((s.roles / max) * 100)}
            />
            <span className="tabular-nums">
              <FormattedMessage
                id="modules.roleBuilder.roles"
                defaultMessage="{count, plural, one {# role} other {# roles}}"
                values={{ count: s.roles }}
              />
            </span>
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}

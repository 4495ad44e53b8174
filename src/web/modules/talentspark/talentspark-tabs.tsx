import { textKey, useText } from '../shared/text';
import { FormattedMessage, useIntl } from 'react-intl';
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
  const tx = useText();
  const intl = useIntl();
  return (
    <div className="flex flex-col gap-4">
      <SectionCard
        title={intl.formatMessage({
          id: 'modules.talentspark.crossPlatformAlerts',
          defaultMessage: 'Cross-Platform Alerts',
        })}
        description={intl.formatMessage({
          id: 'modules.talentspark.profilesWhoseDataDisagreesBetweenPlatforms',
          defaultMessage: 'Profiles whose data disagrees between platforms',
        })}
      >
        <ul>
          {CROSS_PLATFORM_ALERTS.map((a) => (
            <ListRow key={textKey(a.talent)} testId="cross-platform-alert">
              <div className="flex min-w-0 items-start gap-2">
                <AlertTriangleIcon className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
                <div className="min-w-0">
                  <p className="font-medium">{tx(a.talent)}</p>
                  <p className="text-xs text-muted-foreground">
                    {tx(a.issue)} · {a.platforms.join(', ')}
                  </p>
                </div>
              </div>
              <StatusBadge status={a.severity} />
            </ListRow>
          ))}
        </ul>
      </SectionCard>
      <SectionCard
        title={intl.formatMessage({ id: 'modules.talentspark.talentProfiles', defaultMessage: 'Talent Profiles' })}
        description={intl.formatMessage({
          id: 'modules.talentspark.recentlyActiveTalent',
          defaultMessage: 'Recently active talent',
        })}
      >
        <ul>
          {TALENTS.map((t) => (
            <ListRow key={textKey(t.name)}>
              <div className="min-w-0">
                <p className="flex items-center gap-1 font-medium">
                  {tx(t.name)}
                  {t.verified && (
                    <BadgeCheckIcon
                      className="size-4 text-success"
                      aria-label={intl.formatMessage({
                        id: 'modules.talentspark.verified',
                        defaultMessage: 'Verified',
                      })}
                    />
                  )}
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
                <span className="tabular-nums">
                  <FormattedMessage
                    id="modules.talentspark.engagement"
                    defaultMessage="{rate}% engagement"
                    values={{ rate: t.engagement }}
                  />
                </span>
                {t.cross_platform && (
                  <Badge variant="outline">
                    <FormattedMessage id="modules.talentspark.crossPlatform" defaultMessage="Cross-platform" />
                  </Badge>
                )}
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
  const intl = useIntl();
  return (
    <SectionCard
      title={intl.formatMessage({
        id: 'modules.talentspark.skillsCertifications',
        defaultMessage: 'Skills & Certifications',
      })}
      description={intl.formatMessage({
        id: 'modules.talentspark.certifiedAndPendingWithPassRates',
        defaultMessage: 'Certified and pending, with pass rates',
      })}
    >
      <ul>
        {SKILL_CERTIFICATIONS.map((s) => (
          <ListRow key={s.skill}>
            <p className="font-medium">{s.skill}</p>
            <div className="flex flex-wrap items-center gap-3 text-sm">
              <span className="tabular-nums">
                <FormattedMessage
                  id="modules.talentspark.certified"
                  defaultMessage="{count, number} certified"
                  values={{ count: s.certified }}
                />
              </span>
              <span className="tabular-nums text-muted-foreground">
                <FormattedMessage
                  id="modules.talentspark.pending"
                  defaultMessage="{count} pending"
                  values={{ count: s.pending }}
                />
              </span>
              <Badge variant="outline">
                <FormattedMessage
                  id="modules.talentspark.passRate"
                  defaultMessage="{rate}% pass rate"
                  values={{ rate: s.pass_rate }}
                />
              </Badge>
            </div>
          </ListRow>
        ))}
      </ul>
    </SectionCard>
  );
}

export function TrainingTab() {
  const intl = useIntl();
  const tx = useText();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {TRAINING_PROGRAMS.map((p) => {
        const rate = Math.round((p.completed / p.enrolled) * 100);
        return (
          <SectionCard key={textKey(p.name)} title={p.name} description={p.duration}>
            <div className="flex flex-col gap-2 text-sm">
              <div className="flex justify-between">
                <span>
                  <FormattedMessage
                    id="modules.talentspark.enrolled"
                    defaultMessage="{count} enrolled"
                    values={{ count: p.enrolled }}
                  />
                </span>
                <span>
                  <FormattedMessage
                    id="modules.talentspark.completed"
                    defaultMessage="{count} completed"
                    values={{ count: p.completed }}
                  />
                </span>
              </div>
              <Meter
                label={intl.formatMessage(
                  { id: 'modules.talentspark.completionOf', defaultMessage: '{name} completion' },
                  { name: tx(p.name) },
                )}
                value={rate}
              />
              <span className="text-xs text-muted-foreground">
                <FormattedMessage
                  id="modules.talentspark.completion"
                  defaultMessage="{rate}% completion"
                  values={{ rate: rate }}
                />
              </span>
            </div>
          </SectionCard>
        );
      })}
    </div>
  );
}

export function MatchingTab() {
  const tx = useText();
  const intl = useIntl();
  return (
    <SectionCard
      title={intl.formatMessage({ id: 'modules.talentspark.matchingAlgorithm', defaultMessage: 'Matching Algorithm' })}
      description={intl.formatMessage({
        id: 'modules.talentspark.accuracyOfEachMatchingCriterion',
        defaultMessage: 'Accuracy of each matching criterion',
      })}
    >
      <ul className="flex flex-col gap-4">
        {MATCHING_CRITERIA.map((m) => (
          <li key={textKey(m.criteria)} className="flex flex-col gap-1.5 text-sm">
            <div className="flex justify-between gap-2">
              <span>{tx(m.criteria)}</span>
              <span className="tabular-nums">
                {m.accuracy}% <span className="text-success">{m.improvement}</span>
              </span>
            </div>
            <Meter
              label={intl.formatMessage(
                { id: 'modules.talentspark.accuracyOf', defaultMessage: '{criterion} accuracy' },
                { criterion: tx(m.criteria) },
              )}
              value={m.accuracy}
            />
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}

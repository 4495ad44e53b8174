import { useWord } from '../shared/words';
import { textKey, useText } from '../shared/text';
import { FormattedMessage, useIntl } from 'react-intl';
import { Badge } from '@/components/ui/badge';
import { ListRow, Meter, SectionCard } from '../shared/section-card';
import { StatusBadge } from '../shared/status-badge';
import { API_ENDPOINTS, DATA_QUALITY, PIPELINES, PRIVACY_ACTIVITY, VALIDATION_RULES } from './sortstak.data';

export function PipelinesTab() {
  const tx = useText();
  const intl = useIntl();
  return (
    <SectionCard
      title={intl.formatMessage({ id: 'modules.sortstak.activePipelines', defaultMessage: 'Active Pipelines' })}
      description={intl.formatMessage({
        id: 'modules.sortstak.dataFlowsBetweenThePlatforms',
        defaultMessage: 'Data flows between the platforms',
      })}
    >
      <ul>
        {PIPELINES.map((p) => (
          <ListRow key={textKey(p.name)}>
            <div className="min-w-0">
              <p className="font-medium">{tx(p.name)}</p>
              <p className="text-xs text-muted-foreground">
                {p.platform} · {p.throughput}
              </p>
            </div>
            <div className="flex w-full items-center gap-3 sm:w-auto">
              <StatusBadge status={p.status} />
              <div className="flex w-32 items-center gap-2">
                <Meter
                  label={intl.formatMessage(
                    { id: 'modules.sortstak.progressOf', defaultMessage: '{name} progress' },
                    { name: tx(p.name) },
                  )}
                  value={p.progress}
                />
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
  const word = useWord();
  const tx = useText();
  const intl = useIntl();
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <SectionCard
        title={intl.formatMessage({ id: 'modules.sortstak.qualityMetrics', defaultMessage: 'Quality Metrics' })}
        description={intl.formatMessage({
          id: 'modules.sortstak.scoresAcrossAllIngestedRecords',
          defaultMessage: 'Scores across all ingested records',
        })}
      >
        <ul className="flex flex-col gap-3">
          {DATA_QUALITY.map((m) => (
            <li key={textKey(m.metric)} className="flex flex-col gap-1.5 text-sm">
              <div className="flex items-center justify-between gap-2">
                <span>{tx(m.metric)}</span>
                <span className="flex items-center gap-2 tabular-nums">
                  {m.score}% <StatusBadge status={m.status} />
                </span>
              </div>
              <Meter
                label={intl.formatMessage(
                  { id: 'modules.sortstak.scoreOf', defaultMessage: '{metric} score' },
                  { metric: tx(m.metric) },
                )}
                value={m.score}
              />
            </li>
          ))}
        </ul>
      </SectionCard>
      <SectionCard
        title={intl.formatMessage({ id: 'modules.sortstak.validationRules', defaultMessage: 'Validation Rules' })}
        description={intl.formatMessage({
          id: 'modules.sortstak.checksAppliedToEveryRecord',
          defaultMessage: 'Checks applied to every record',
        })}
      >
        <ul>
          {VALIDATION_RULES.map((r) => (
            <ListRow key={textKey(r.name)} testId="validation-rule">
              <div className="min-w-0">
                <p className="font-medium">{tx(r.name)}</p>
                <p className="text-xs text-muted-foreground">{tx(r.description)}</p>
              </div>
              <Badge variant={r.state === 'Active' ? 'success' : 'secondary'}>{word(r.state)}</Badge>
            </ListRow>
          ))}
        </ul>
      </SectionCard>
    </div>
  );
}

export function PrivacyTab() {
  const word = useWord();
  const tx = useText();
  const intl = useIntl();
  return (
    <SectionCard
      title={intl.formatMessage({ id: 'modules.sortstak.userDataPrivacy', defaultMessage: 'User Data & Privacy' })}
      description={intl.formatMessage({
        id: 'modules.sortstak.recentOperationsOnPersonalData',
        defaultMessage: 'Recent operations on personal data',
      })}
    >
      <ul>
        {PRIVACY_ACTIVITY.map((a) => (
          <ListRow key={`${a.user}-${a.operation}`}>
            <div className="min-w-0">
              <p className="font-medium">
                {tx(a.operation)} · {tx(a.dataset)}
              </p>
              <p className="text-xs text-muted-foreground">
                {a.user} · {a.size}
              </p>
            </div>
            <Badge variant={a.privacy === 'Restricted' ? 'warning' : 'success'}>{word(a.privacy)}</Badge>
          </ListRow>
        ))}
      </ul>
    </SectionCard>
  );
}

export function ApiManagementTab() {
  const tx = useText();
  const intl = useIntl();
  return (
    <SectionCard
      title={intl.formatMessage({ id: 'modules.sortstak.apiManagement', defaultMessage: 'API Management' })}
      description={intl.formatMessage({
        id: 'modules.sortstak.endpointHealthTrafficAndLimits',
        defaultMessage: 'Endpoint health, traffic and limits',
      })}
    >
      <ul>
        {API_ENDPOINTS.map((e) => (
          <ListRow key={textKey(e.name)}>
            <code className="font-mono text-sm">{tx(e.name)}</code>
            <div className="flex flex-wrap items-center gap-3 text-sm">
              <StatusBadge status={e.status} />
              <span className="tabular-nums">
                <FormattedMessage
                  id="modules.sortstak.calls"
                  defaultMessage="{calls} calls"
                  values={{ calls: e.calls }}
                />
              </span>
              <span className="tabular-nums">{e.latency}</span>
              <span className="text-muted-foreground">
                <FormattedMessage
                  id="modules.sortstak.limit"
                  defaultMessage="limit {limit}"
                  values={{ limit: e.rate_limit }}
                />
              </span>
            </div>
          </ListRow>
        ))}
      </ul>
    </SectionCard>
  );
}

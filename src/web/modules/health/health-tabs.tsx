import { textKey, useText } from '../shared/text';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { Badge } from '@/components/ui/badge';
import { ListRow, Meter, SectionCard } from '../shared/section-card';
import { StatusBadge } from '../shared/status-badge';
import { ALERT_RULES, API_HEALTH, INCIDENTS, PLATFORM_HEALTH, SERVER_METRICS } from './health.data';

export function PlatformStatusTab() {
  const intl = useIntl();
  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      {PLATFORM_HEALTH.map((p) => (
        <SectionCard key={textKey(p.name)} title={p.name}>
          <dl className="grid grid-cols-2 gap-x-3 gap-y-1.5 text-sm">
            <dt className="text-muted-foreground">
              <FormattedMessage id="modules.health.status" defaultMessage="Status" />
            </dt>
            <dd>
              <StatusBadge status={p.status} />
            </dd>
            <dt className="text-muted-foreground">
              <FormattedMessage id="modules.health.uptime" defaultMessage="Uptime" />
            </dt>
            <dd className="tabular-nums">{p.uptime}</dd>
            <dt className="text-muted-foreground">
              <FormattedMessage id="modules.health.response" defaultMessage="Response" />
            </dt>
            <dd className="tabular-nums">{p.response}</dd>
            <dt className="text-muted-foreground">
              <FormattedMessage id="modules.health.errors" defaultMessage="Errors" />
            </dt>
            <dd className="tabular-nums">{p.errors}</dd>
            <dt className="text-muted-foreground">
              <FormattedMessage id="modules.health.usersNow" defaultMessage="Users now" />
            </dt>
            <dd className="tabular-nums">{intl.formatNumber(p.users)}</dd>
            <dt className="text-muted-foreground">
              <FormattedMessage id="modules.health.dependsOn" defaultMessage="Depends on" />
            </dt>
            <dd>{p.dependencies.join(', ')}</dd>
          </dl>
        </SectionCard>
      ))}
    </div>
  );
}

const METRICS = ['cpu', 'memory', 'disk', 'network'] as const;
const METRIC_LABEL = defineMessages({
  cpu: { id: 'modules.health.metric.cpu', defaultMessage: 'CPU' },
  memory: { id: 'modules.health.metric.memory', defaultMessage: 'Memory' },
  disk: { id: 'modules.health.metric.disk', defaultMessage: 'Disk' },
  network: { id: 'modules.health.metric.network', defaultMessage: 'Network' },
});

export function ServerMetricsTab() {
  const intl = useIntl();
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {SERVER_METRICS.map((s) => (
        <SectionCard key={s.server} title={s.server}>
          <ul className="flex flex-col gap-2.5 text-sm">
            {METRICS.map((m) => (
              <li key={m} className="grid grid-cols-[5rem_1fr_3rem] items-center gap-2">
                <span>{intl.formatMessage(METRIC_LABEL[m])}</span>
                <Meter label={`${s.server} ${intl.formatMessage(METRIC_LABEL[m])}`} value={s[m]} />
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
  const intl = useIntl();
  return (
    <SectionCard
      title={intl.formatMessage({ id: 'modules.health.apiHealth', defaultMessage: 'API Health' })}
      description={intl.formatMessage({
        id: 'modules.health.keyEndpointsLastHour',
        defaultMessage: 'Key endpoints, last hour',
      })}
    >
      <ul>
        {API_HEALTH.map((a) => (
          <ListRow key={a.endpoint}>
            <code className="min-w-0 break-all font-mono text-sm">{a.endpoint}</code>
            <div className="flex items-center gap-3 text-sm">
              <span className="tabular-nums">p95 {a.p95}</span>
              <span className="tabular-nums">
                <FormattedMessage
                  id="modules.health.successRate"
                  defaultMessage="{rate} ok"
                  values={{ rate: a.successRate }}
                />
              </span>
              <StatusBadge status={a.status} />
            </div>
          </ListRow>
        ))}
      </ul>
    </SectionCard>
  );
}

export function AlertsTab() {
  const tx = useText();
  const intl = useIntl();
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <SectionCard
        title={intl.formatMessage({ id: 'modules.health.incidents', defaultMessage: 'Incidents' })}
        description={intl.formatMessage({
          id: 'modules.health.recentAndOngoing',
          defaultMessage: 'Recent and ongoing',
        })}
      >
        <ul>
          {INCIDENTS.map((i) => (
            <ListRow key={textKey(i.title)}>
              <div className="min-w-0">
                <p className="font-medium">{tx(i.title)}</p>
                <p className="text-xs text-muted-foreground">
                  {i.platform} · {tx(i.time)} · {tx(i.duration)}
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
      <SectionCard
        title={intl.formatMessage({ id: 'modules.health.alertingRules', defaultMessage: 'Alerting Rules' })}
        description={intl.formatMessage({
          id: 'modules.health.thresholdsThatPageTheOnCall',
          defaultMessage: 'Thresholds that page the on-call engineer',
        })}
      >
        <ul>
          {ALERT_RULES.map((r) => (
            <ListRow key={textKey(r.rule)} testId="alert-rule">
              <div className="min-w-0">
                <p className="font-medium">{tx(r.rule)}</p>
                <p className="text-xs text-muted-foreground">
                  {tx(r.platforms)} ·{' '}
                  <FormattedMessage
                    id="modules.health.triggered"
                    defaultMessage="triggered {when}"
                    values={{ when: tx(r.triggered) }}
                  />
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

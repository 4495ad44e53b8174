import { textKey, useText } from '../shared/text';
import { FormattedMessage, useIntl } from 'react-intl';
import { ListRow, SectionCard } from '../shared/section-card';
import { StatusBadge } from '../shared/status-badge';
import { GEOGRAPHIC_RULES, IP_BLOCKS, PLATFORM_RULES, SECURITY_EVENTS, THREAT_SOURCES } from './ip-filters.data';

export function RecentBlocksTab() {
  const tx = useText();
  const intl = useIntl();
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <SectionCard
        title={intl.formatMessage({ id: 'modules.ipFilters.recentBlocks', defaultMessage: 'Recent Blocks' })}
        description={intl.formatMessage({
          id: 'modules.ipFilters.addressesBlockedInTheLastHour',
          defaultMessage: 'Addresses blocked in the last hour',
        })}
      >
        <ul>
          {IP_BLOCKS.map((b) => (
            <ListRow key={b.ip}>
              <div className="min-w-0">
                <code className="font-mono text-sm font-medium">{b.ip}</code>
                <p className="text-xs text-muted-foreground">
                  {tx(b.reason)} · {b.platform} · {tx(b.time)}
                </p>
              </div>
              <StatusBadge status={b.severity} />
            </ListRow>
          ))}
        </ul>
      </SectionCard>
      <SectionCard
        title={intl.formatMessage({ id: 'modules.ipFilters.securityEvents', defaultMessage: 'Security Events' })}
        description={intl.formatMessage({
          id: 'modules.ipFilters.automaticResponsesToAttackPatterns',
          defaultMessage: 'Automatic responses to attack patterns',
        })}
      >
        <ul>
          {SECURITY_EVENTS.map((e) => (
            <ListRow key={textKey(e.event)} testId="security-event">
              <div className="min-w-0">
                <p className="font-medium">{tx(e.event)}</p>
                <p className="text-xs text-muted-foreground">
                  <FormattedMessage
                    id="modules.ipFilters.ips"
                    defaultMessage="{count, plural, one {# IP} other {# IPs}}"
                    values={{ count: e.ips }}
                  />{' '}
                  · {e.platform}
                </p>
              </div>
              <StatusBadge status={e.action} />
            </ListRow>
          ))}
        </ul>
      </SectionCard>
    </div>
  );
}

export function GeographicRulesTab() {
  const tx = useText();
  const intl = useIntl();
  return (
    <SectionCard
      title={intl.formatMessage({ id: 'modules.ipFilters.geographicRules', defaultMessage: 'Geographic Rules' })}
      description={intl.formatMessage({ id: 'modules.ipFilters.accessByRegion', defaultMessage: 'Access by region' })}
    >
      <ul>
        {GEOGRAPHIC_RULES.map((g) => (
          <ListRow key={textKey(g.region)}>
            <div className="min-w-0">
              <p className="font-medium">{tx(g.region)}</p>
              <p className="text-xs text-muted-foreground">{tx(g.platforms)}</p>
            </div>
            <div className="flex items-center gap-3 text-sm">
              <span className="tabular-nums">
                <FormattedMessage
                  id="modules.ipFilters.users"
                  defaultMessage="{users} users"
                  values={{ users: g.users }}
                />
              </span>
              <StatusBadge status={g.status} />
            </div>
          </ListRow>
        ))}
      </ul>
    </SectionCard>
  );
}

export function PlatformRulesTab() {
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {PLATFORM_RULES.map((p) => (
        <SectionCard key={p.platform} title={p.platform}>
          <dl className="grid grid-cols-3 gap-2 text-center text-sm">
            <div>
              <dt className="text-xs text-muted-foreground">
                <FormattedMessage id="modules.ipFilters.whitelist" defaultMessage="Whitelist" />
              </dt>
              <dd className="text-lg font-semibold tabular-nums">{p.whitelist}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">
                <FormattedMessage id="modules.ipFilters.blacklist" defaultMessage="Blacklist" />
              </dt>
              <dd className="text-lg font-semibold tabular-nums">{p.blacklist}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">
                <FormattedMessage id="modules.ipFilters.customRules" defaultMessage="Custom rules" />
              </dt>
              <dd className="text-lg font-semibold tabular-nums">{p.custom_rules}</dd>
            </div>
          </dl>
        </SectionCard>
      ))}
    </div>
  );
}

export function ThreatIntelligenceTab() {
  const tx = useText();
  const intl = useIntl();
  return (
    <SectionCard
      title={intl.formatMessage({ id: 'modules.ipFilters.threatIntelligence', defaultMessage: 'Threat Intelligence' })}
      description={intl.formatMessage({
        id: 'modules.ipFilters.feedsTheFiltersDrawOn',
        defaultMessage: 'Feeds the filters draw on',
      })}
    >
      <ul>
        {THREAT_SOURCES.map((t) => (
          <ListRow key={textKey(t.source)}>
            <p className="font-medium">{tx(t.source)}</p>
            <div className="flex flex-wrap items-center gap-3 text-sm">
              <span className="tabular-nums">
                <FormattedMessage
                  id="modules.ipFilters.detected"
                  defaultMessage="{count, number} detected"
                  values={{ count: t.detected }}
                />
              </span>
              <span className="tabular-nums">
                <FormattedMessage
                  id="modules.ipFilters.blocked"
                  defaultMessage="{count, number} blocked"
                  values={{ count: t.blocked }}
                />
              </span>
              <StatusBadge status={t.status} />
            </div>
          </ListRow>
        ))}
      </ul>
    </SectionCard>
  );
}

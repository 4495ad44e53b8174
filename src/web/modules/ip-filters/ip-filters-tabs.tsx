import { ListRow, SectionCard } from '../shared/section-card';
import { StatusBadge } from '../shared/status-badge';
import { GEOGRAPHIC_RULES, IP_BLOCKS, PLATFORM_RULES, SECURITY_EVENTS, THREAT_SOURCES } from './ip-filters.data';

export function RecentBlocksTab() {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <SectionCard title="Recent Blocks" description="Addresses blocked in the last hour">
        <ul>
          {IP_BLOCKS.map((b) => (
            <ListRow key={b.ip}>
              <div className="min-w-0">
                <code className="font-mono text-sm font-medium">{b.ip}</code>
                <p className="text-xs text-muted-foreground">
                  {b.reason} · {b.platform} · {b.time}
                </p>
              </div>
              <StatusBadge status={b.severity} />
            </ListRow>
          ))}
        </ul>
      </SectionCard>
      <SectionCard title="Security Events" description="Automatic responses to attack patterns">
        <ul>
          {SECURITY_EVENTS.map((e) => (
            <ListRow key={e.event} testId="security-event">
              <div className="min-w-0">
                <p className="font-medium">{e.event}</p>
                <p className="text-xs text-muted-foreground">
                  {e.ips} IPs · {e.platform}
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
  return (
    <SectionCard title="Geographic Rules" description="Access by region">
      <ul>
        {GEOGRAPHIC_RULES.map((g) => (
          <ListRow key={g.region}>
            <div className="min-w-0">
              <p className="font-medium">{g.region}</p>
              <p className="text-xs text-muted-foreground">{g.platforms}</p>
            </div>
            <div className="flex items-center gap-3 text-sm">
              <span className="tabular-nums">{g.users} users</span>
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
              <dt className="text-xs text-muted-foreground">Whitelist</dt>
              <dd className="text-lg font-semibold tabular-nums">{p.whitelist}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Blacklist</dt>
              <dd className="text-lg font-semibold tabular-nums">{p.blacklist}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Custom rules</dt>
              <dd className="text-lg font-semibold tabular-nums">{p.custom_rules}</dd>
            </div>
          </dl>
        </SectionCard>
      ))}
    </div>
  );
}

export function ThreatIntelligenceTab() {
  return (
    <SectionCard title="Threat Intelligence" description="Feeds the filters draw on">
      <ul>
        {THREAT_SOURCES.map((t) => (
          <ListRow key={t.source}>
            <p className="font-medium">{t.source}</p>
            <div className="flex flex-wrap items-center gap-3 text-sm">
              <span className="tabular-nums">{t.detected.toLocaleString('en-US')} detected</span>
              <span className="tabular-nums">{t.blocked.toLocaleString('en-US')} blocked</span>
              <StatusBadge status={t.status} />
            </div>
          </ListRow>
        ))}
      </ul>
    </SectionCard>
  );
}

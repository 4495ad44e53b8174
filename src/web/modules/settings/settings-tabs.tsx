import { useWord } from '../shared/words';
import { textKey, useText } from '../shared/text';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { Badge } from '@/components/ui/badge';
import { ListRow, SectionCard } from '../shared/section-card';
import { StatusBadge } from '../shared/status-badge';
import { ALERT_RULES } from '../health/health.data';
import { ADMIN_ROLES, GLOBAL_SETTINGS, NOTIFICATION_TOGGLES, PLATFORM_CONFIGS } from './settings.data';
import { ToggleList } from './toggle-list';

export function GlobalSettingsTab() {
  const tx = useText();
  const intl = useIntl();
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <SectionCard
        title={intl.formatMessage({ id: 'modules.settings.globalSettings', defaultMessage: 'Global Settings' })}
        description={intl.formatMessage({
          id: 'modules.settings.applyToEveryPlatformInThe',
          defaultMessage: 'Apply to every platform in the ecosystem',
        })}
      >
        <ul>
          {GLOBAL_SETTINGS.map((s) => (
            <ListRow key={s.key} testId="global-setting">
              <div className="min-w-0">
                <code className="font-mono text-sm font-medium">{s.key}</code>
                <p className="text-xs text-muted-foreground">{tx(s.category)}</p>
              </div>
              <div className="flex items-center gap-2 text-sm">
                <span>{tx(s.value)}</span>
                {s.critical && (
                  <Badge variant="destructive">
                    <FormattedMessage id="modules.settings.critical" defaultMessage="Critical" />
                  </Badge>
                )}
              </div>
            </ListRow>
          ))}
        </ul>
      </SectionCard>
      <div className="flex min-w-0 flex-col gap-4">
        <SectionCard
          title={intl.formatMessage({ id: 'modules.settings.notifications', defaultMessage: 'Notifications' })}
          description={intl.formatMessage({
            id: 'modules.settings.whoHearsAboutWhat',
            defaultMessage: 'Who hears about what',
          })}
        >
          <ToggleList toggles={NOTIFICATION_TOGGLES} />
        </SectionCard>
        <SectionCard
          title={intl.formatMessage({ id: 'modules.settings.alertRules', defaultMessage: 'Alert Rules' })}
          description={intl.formatMessage({
            id: 'modules.settings.thresholdsSharedWithSystemHealth',
            defaultMessage: 'Thresholds shared with System Health',
          })}
        >
          <ul>
            {ALERT_RULES.map((r) => (
              <ListRow key={textKey(r.rule)}>
                <span className="text-sm font-medium">{tx(r.rule)}</span>
                <Badge variant={r.active ? 'success' : 'secondary'}>
                  {r.active ? (
                    <FormattedMessage id="modules.settings.ruleActive" defaultMessage="Active" />
                  ) : (
                    <FormattedMessage id="modules.settings.ruleInactive" defaultMessage="Inactive" />
                  )}
                </Badge>
              </ListRow>
            ))}
          </ul>
        </SectionCard>
      </div>
    </div>
  );
}

const ON_OFF = defineMessages({
  on: { id: 'modules.settings.on', defaultMessage: 'On' },
  off: { id: 'modules.settings.off', defaultMessage: 'Off' },
});

export function PlatformConfigTab() {
  const word = useWord();
  const intl = useIntl();
  const tx = useText();
  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      {PLATFORM_CONFIGS.map((p) => (
        <SectionCard
          key={p.platform}
          title={p.platform}
          description={intl.formatMessage(
            { id: 'modules.settings.lastSync', defaultMessage: 'Last sync: {when}' },
            { when: tx(p.lastSync) },
          )}
        >
          <dl className="grid grid-cols-2 gap-x-3 gap-y-1.5 text-sm">
            <dt className="text-muted-foreground">
              <FormattedMessage id="modules.settings.status" defaultMessage="Status" />
            </dt>
            <dd>
              <StatusBadge status={p.status} />
            </dd>
            <dt className="text-muted-foreground">
              <FormattedMessage id="modules.settings.sso" defaultMessage="SSO" />
            </dt>
            <dd>{intl.formatMessage(p.settings.sso ? ON_OFF.on : ON_OFF.off)}</dd>
            <dt className="text-muted-foreground">
              <FormattedMessage id="modules.settings.notifications" defaultMessage="Notifications" />
            </dt>
            <dd>{intl.formatMessage(p.settings.notifications ? ON_OFF.on : ON_OFF.off)}</dd>
            <dt className="text-muted-foreground">
              <FormattedMessage id="modules.settings.analytics" defaultMessage="Analytics" />
            </dt>
            <dd>{intl.formatMessage(p.settings.analytics ? ON_OFF.on : ON_OFF.off)}</dd>
            <dt className="text-muted-foreground">
              <FormattedMessage id="modules.settings.backupFrequency" defaultMessage="Backup frequency" />
            </dt>
            <dd className="capitalize">{word(p.settings.backup_frequency)}</dd>
          </dl>
        </SectionCard>
      ))}
    </div>
  );
}

export function UserManagementTab() {
  const tx = useText();
  const intl = useIntl();
  return (
    <SectionCard
      title={intl.formatMessage({ id: 'modules.settings.administratorRoles', defaultMessage: 'Administrator Roles' })}
      description={intl.formatMessage({
        id: 'modules.settings.whoCanDoWhatAcrossThe',
        defaultMessage: 'Who can do what across the ecosystem',
      })}
    >
      <ul>
        {ADMIN_ROLES.map((r) => (
          <ListRow key={textKey(r.role)} testId="admin-role">
            <div className="min-w-0">
              <p className="font-medium">{tx(r.role)}</p>
              <p className="text-xs text-muted-foreground">{tx(r.description)}</p>
            </div>
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <Badge variant="outline">{tx(r.permissions)}</Badge>
              <span className="tabular-nums">
                <FormattedMessage
                  id="modules.settings.users"
                  defaultMessage="{count, plural, one {# user} other {# users}}"
                  values={{ count: r.users }}
                />
              </span>
            </div>
          </ListRow>
        ))}
      </ul>
    </SectionCard>
  );
}

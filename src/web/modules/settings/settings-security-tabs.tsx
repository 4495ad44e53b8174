import { useWord } from '../shared/words';
import { textKey, useText } from '../shared/text';
import { FormattedMessage, useIntl } from 'react-intl';
import { ListRow, SectionCard } from '../shared/section-card';
import { StatusBadge } from '../shared/status-badge';
import { API_KEYS, AUDIT_EVENTS, BACKUPS, SECURITY_POLICIES } from './settings.data';
import { ToggleList } from './toggle-list';

export function SecurityApisTab() {
  const tx = useText();
  const intl = useIntl();
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <SectionCard
        title={intl.formatMessage({ id: 'modules.settings.securityPolicies', defaultMessage: 'Security Policies' })}
        description={intl.formatMessage({
          id: 'modules.settings.applyToEveryAdministrator',
          defaultMessage: 'Apply to every administrator',
        })}
      >
        <ToggleList toggles={SECURITY_POLICIES} />
      </SectionCard>
      <SectionCard
        title={intl.formatMessage({ id: 'modules.settings.apiKeys', defaultMessage: 'API Keys' })}
        description={intl.formatMessage({
          id: 'modules.settings.keysThePlatformsUseToCall',
          defaultMessage: 'Keys the platforms use to call the hub',
        })}
      >
        <ul>
          {API_KEYS.map((k) => (
            <ListRow key={textKey(k.name)}>
              <div className="min-w-0">
                <p className="font-medium">{tx(k.name)}</p>
                <p className="text-xs text-muted-foreground">
                  {k.platform} ·{' '}
                  <FormattedMessage
                    id="modules.settings.expires"
                    defaultMessage="expires {date}"
                    values={{ date: tx(k.expires) }}
                  />{' '}
                  · {tx(k.usage)}
                </p>
              </div>
              <StatusBadge status={k.status} />
            </ListRow>
          ))}
        </ul>
      </SectionCard>
    </div>
  );
}

export function BackupAuditTab() {
  const word = useWord();
  const tx = useText();
  const intl = useIntl();
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <SectionCard
        title={intl.formatMessage({ id: 'modules.settings.backups', defaultMessage: 'Backups' })}
        description={intl.formatMessage({
          id: 'modules.settings.schedulesAndRetention',
          defaultMessage: 'Schedules and retention',
        })}
      >
        <ul>
          {BACKUPS.map((b) => (
            <ListRow key={b.type} testId="backup">
              <div className="min-w-0">
                <p className="font-medium">{word(b.type)}</p>
                <p className="text-xs text-muted-foreground">
                  {tx(b.lastBackup)} · {b.size} ·{' '}
                  <FormattedMessage
                    id="modules.settings.retention"
                    defaultMessage="retention {period}"
                    values={{ period: word(b.retention) }}
                  />
                </p>
              </div>
              <StatusBadge status={b.status} />
            </ListRow>
          ))}
        </ul>
      </SectionCard>
      <SectionCard
        title={intl.formatMessage({ id: 'modules.settings.recentAuditEvents', defaultMessage: 'Recent Audit Events' })}
        description={intl.formatMessage({
          id: 'modules.settings.changesMadeByAdministrators',
          defaultMessage: 'Changes made by administrators',
        })}
      >
        <ul>
          {AUDIT_EVENTS.map((e) => (
            <ListRow key={`${e.user}-${e.action}`}>
              <div className="min-w-0">
                <p className="text-sm font-medium">{tx(e.action)}</p>
                <p className="truncate text-xs text-muted-foreground">
                  {e.user} · {e.platform}
                </p>
              </div>
              <span className="text-xs text-muted-foreground">{tx(e.time)}</span>
            </ListRow>
          ))}
        </ul>
      </SectionCard>
    </div>
  );
}

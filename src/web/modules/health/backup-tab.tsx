import { FormattedMessage, useIntl } from 'react-intl';
import { useBackupStatusQuery } from '@/data/admin/backup-status-query';
import { SectionCard } from '../shared/section-card';

/** The hub's own backups (issue 45): the last one's time and size, and the schedule, from GET /api/admin/backup. */
export function BackupTab() {
  const intl = useIntl();
  const { data, isPending } = useBackupStatusQuery();
  const title = intl.formatMessage({ id: 'modules.health.backup.title', defaultMessage: 'Backups of this hub' });
  if (isPending || !data) {
    return (
      <SectionCard title={title}>
        <p className="text-sm text-muted-foreground" role="status">
          <FormattedMessage id="modules.health.backup.loading" defaultMessage="Loading backup status…" />
        </p>
      </SectionCard>
    );
  }
  if (!data.embedded) {
    return (
      <SectionCard title={title}>
        <p className="text-sm text-muted-foreground">
          <FormattedMessage
            id="modules.health.backup.postgres"
            defaultMessage="This hub keeps its data in PostgreSQL: back it up with pg_dump or WAL archiving (operating guide)."
          />
        </p>
      </SectionCard>
    );
  }
  const { last, schedule } = data;
  return (
    <SectionCard title={title}>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1.5 text-sm sm:grid-cols-[auto_1fr]" data-testid="backup-status">
        <dt className="text-muted-foreground">
          <FormattedMessage id="modules.health.backup.last" defaultMessage="Last backup" />
        </dt>
        <dd>
          {last ? (
            intl.formatDate(last.at, { dateStyle: 'medium', timeStyle: 'short' })
          ) : (
            <FormattedMessage id="modules.health.backup.none" defaultMessage="None yet" />
          )}
        </dd>
        {last && (
          <>
            <dt className="text-muted-foreground">
              <FormattedMessage id="modules.health.backup.size" defaultMessage="Size" />
            </dt>
            <dd className="tabular-nums">
              {intl.formatNumber(last.size_bytes / 1_048_576, {
                style: 'unit',
                unit: 'megabyte',
                maximumFractionDigits: 1,
              })}
            </dd>
          </>
        )}
        <dt className="text-muted-foreground">
          <FormattedMessage id="modules.health.backup.schedule" defaultMessage="Schedule" />
        </dt>
        <dd>
          {schedule ? (
            <FormattedMessage
              id="modules.health.backup.every"
              defaultMessage="Every {hours, number} h, keeping the last {keep, number}"
              values={{ hours: Math.round((schedule.every_minutes / 60) * 10) / 10, keep: schedule.keep }}
            />
          ) : (
            <FormattedMessage
              id="modules.health.backup.unscheduled"
              defaultMessage="Not scheduled (set HUB_BACKUP_DIR)"
            />
          )}
        </dd>
      </dl>
    </SectionCard>
  );
}

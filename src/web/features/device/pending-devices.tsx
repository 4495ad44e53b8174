import { FormattedMessage, useIntl } from 'react-intl';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { usePendingDevicesQuery } from '@/data/device/pending-devices-query';
import { formatDateTime } from '@/lib/format';

/**
 * The device sign-ins waiting for their person (RFC 8628, issue 42), on the admin's sessions tab:
 * which client asked, for what, when it expires and when the device last polled. Shown only
 * when there are some; codes are never sent to the browser.
 */
export function PendingDevices() {
  const intl = useIntl();
  const pending = usePendingDevicesQuery({ refetchInterval: 15_000 });
  const list = pending.data ?? [];
  if (list.length === 0) return null;
  return (
    <Card className="mb-4" data-testid="pending-devices">
      <CardHeader className="pb-2">
        <CardTitle as="h2" className="text-base">
          <FormattedMessage
            id="device.admin.heading"
            defaultMessage="Pending device sign-ins ({count})"
            values={{ count: list.length }}
          />
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="divide-y text-sm">
          {list.map((d) => (
            <li key={`${d.client_id}-${d.created_at}`} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2">
              <span className="font-medium">{d.app_name}</span>
              <span className="flex flex-wrap gap-1">
                {d.scopes.map((s) => (
                  <Badge key={s} variant="secondary">
                    {s}
                  </Badge>
                ))}
              </span>
              <span className="text-muted-foreground">
                {intl.formatMessage(
                  { id: 'device.admin.expires', defaultMessage: 'Expires {time}' },
                  { time: formatDateTime(d.expires_at) },
                )}
              </span>
              <span className="text-muted-foreground">
                {d.last_polled_at
                  ? intl.formatMessage(
                      { id: 'device.admin.polled', defaultMessage: 'Last polled {time}' },
                      { time: formatDateTime(d.last_polled_at) },
                    )
                  : intl.formatMessage({ id: 'device.admin.notPolled', defaultMessage: 'Not polled yet' })}
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

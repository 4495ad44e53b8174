import { FormattedMessage, useIntl } from 'react-intl';
import { Badge } from '@/components/ui/badge';

/** Where an event came from: the server saw it happen; a browser only reported it. */
export function SourceBadge({ source }: { source: string }) {
  const intl = useIntl();
  return source === 'client' ? (
    <Badge
      variant="outline"
      title={intl.formatMessage({
        id: 'audit.source.browserTitle',
        defaultMessage: 'Reported by a browser, not observed by the server',
      })}
    >
      <FormattedMessage id="audit.source.browser" defaultMessage="Browser" />
    </Badge>
  ) : (
    <Badge variant="secondary">
      <FormattedMessage id="audit.source.server" defaultMessage="Server" />
    </Badge>
  );
}

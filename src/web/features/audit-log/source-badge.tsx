import { Badge } from '@/components/ui/badge';

/** Where an event came from: the server saw it happen; a browser only reported it. */
export function SourceBadge({ source }: { source: string }) {
  return source === 'client' ? (
    <Badge variant="outline" title="Reported by a browser, not observed by the server">
      Browser
    </Badge>
  ) : (
    <Badge variant="secondary">Server</Badge>
  );
}

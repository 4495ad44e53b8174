import { ModulePage } from '../shared/module-page';
import { IP_FILTER_STATS } from './ip-filters.data';
import { GeographicRulesTab, PlatformRulesTab, RecentBlocksTab, ThreatIntelligenceTab } from './ip-filters-tabs';

/** IP Filters, spec §2 item 6. */
export default function IpFiltersPage() {
  return (
    <ModulePage
      title="IP Filters"
      description="Blocked addresses, regional and per-platform rules, and threat intelligence feeds."
      stats={IP_FILTER_STATS}
      tabs={[
        { value: 'blocks', label: 'Recent Blocks', content: <RecentBlocksTab /> },
        { value: 'geo', label: 'Geographic Rules', content: <GeographicRulesTab /> },
        { value: 'platform', label: 'Platform Rules', content: <PlatformRulesTab /> },
        { value: 'threats', label: 'Threat Intelligence', content: <ThreatIntelligenceTab /> },
      ]}
    />
  );
}

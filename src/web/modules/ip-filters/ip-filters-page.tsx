import { useIntl } from 'react-intl';
import { ModulePage } from '../shared/module-page';
import { IP_FILTER_STATS } from './ip-filters.data';
import { GeographicRulesTab, PlatformRulesTab, RecentBlocksTab, ThreatIntelligenceTab } from './ip-filters-tabs';

/** IP Filters, spec §2 item 6. */
export default function IpFiltersPage() {
  const intl = useIntl();
  return (
    <ModulePage
      title={intl.formatMessage({ id: 'modules.ipFilters.ipFilters', defaultMessage: 'IP Filters' })}
      description={intl.formatMessage({
        id: 'modules.ipFilters.blockedAddressesRegionalAndPerPlatform',
        defaultMessage: 'Blocked addresses, regional and per-platform rules, and threat intelligence feeds.',
      })}
      stats={IP_FILTER_STATS}
      tabs={[
        {
          value: 'blocks',
          label: intl.formatMessage({ id: 'modules.ipFilters.recentBlocks', defaultMessage: 'Recent Blocks' }),
          content: <RecentBlocksTab />,
        },
        {
          value: 'geo',
          label: intl.formatMessage({ id: 'modules.ipFilters.geographicRules', defaultMessage: 'Geographic Rules' }),
          content: <GeographicRulesTab />,
        },
        {
          value: 'platform',
          label: intl.formatMessage({ id: 'modules.ipFilters.platformRules', defaultMessage: 'Platform Rules' }),
          content: <PlatformRulesTab />,
        },
        {
          value: 'threats',
          label: intl.formatMessage({
            id: 'modules.ipFilters.threatIntelligence',
            defaultMessage: 'Threat Intelligence',
          }),
          content: <ThreatIntelligenceTab />,
        },
      ]}
    />
  );
}

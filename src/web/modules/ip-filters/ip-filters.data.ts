import { defineMessage } from 'react-intl';
import { GlobeIcon, ShieldAlertIcon, ShieldBanIcon, ShieldCheckIcon } from 'lucide-react';
import type {
  GeographicRule,
  IpBlock,
  PlatformRuleCounts,
  SecurityEventSample,
  StatCardData,
  ThreatSource,
} from '../types';

/** IP Filters sample data (spec §2 item 6, §3 IP block … security event). */
export const IP_FILTER_STATS: StatCardData[] = [
  {
    label: defineMessage({ id: 'modules.ipFilters.blockedToday', defaultMessage: 'Blocked Today' }),
    value: '1,847',
    hint: defineMessage({ id: 'modules.ipFilters.n23VsYesterday', defaultMessage: '+23% vs yesterday' }),
    icon: ShieldBanIcon,
  },
  {
    label: defineMessage({ id: 'modules.ipFilters.activeRules', defaultMessage: 'Active Rules' }),
    value: '312',
    hint: defineMessage({ id: 'modules.ipFilters.across5Platforms', defaultMessage: 'Across 5 platforms' }),
    icon: ShieldCheckIcon,
  },
  {
    label: defineMessage({ id: 'modules.ipFilters.threatSources', defaultMessage: 'Threat Sources' }),
    value: '4',
    hint: defineMessage({ id: 'modules.ipFilters.n2BlockedOutright', defaultMessage: '2 blocked outright' }),
    icon: ShieldAlertIcon,
  },
  {
    label: defineMessage({ id: 'modules.ipFilters.regionsRestricted', defaultMessage: 'Regions Restricted' }),
    value: '3',
    hint: defineMessage({ id: 'modules.ipFilters.n1FullyBlocked', defaultMessage: '1 fully blocked' }),
    icon: GlobeIcon,
  },
];

export const IP_BLOCKS: IpBlock[] = [
  {
    ip: '185.220.101.42',
    reason: defineMessage({
      id: 'modules.ipFilters.bruteForceSignInAttempts',
      defaultMessage: 'Brute-force sign-in attempts',
    }),
    platform: 'Fulfils',
    time: defineMessage({ id: 'modules.ipFilters.n3MinAgo', defaultMessage: '3 min ago' }),
    severity: 'high',
  },
  {
    ip: '45.155.205.13',
    reason: defineMessage({ id: 'modules.ipFilters.scrapingJobListings', defaultMessage: 'Scraping job listings' }),
    platform: 'TalentMLS',
    time: defineMessage({ id: 'modules.ipFilters.n11MinAgo', defaultMessage: '11 min ago' }),
    severity: 'medium',
  },
  {
    ip: '103.75.118.9',
    reason: defineMessage({ id: 'modules.ipFilters.knownBotnetMember', defaultMessage: 'Known botnet member' }),
    platform: 'All platforms',
    time: defineMessage({ id: 'modules.ipFilters.n26MinAgo', defaultMessage: '26 min ago' }),
    severity: 'high',
  },
  {
    ip: '91.240.118.77',
    reason: defineMessage({ id: 'modules.ipFilters.excessiveApiCalls', defaultMessage: 'Excessive API calls' }),
    platform: 'SortStak',
    time: defineMessage({ id: 'modules.ipFilters.n48MinAgo', defaultMessage: '48 min ago' }),
    severity: 'low',
  },
];

export const SECURITY_EVENTS: SecurityEventSample[] = [
  {
    event: defineMessage({
      id: 'modules.ipFilters.credentialStuffingWave',
      defaultMessage: 'Credential stuffing wave',
    }),
    ips: 214,
    platform: 'Fulfils',
    action: 'auto_blocked',
  },
  {
    event: defineMessage({
      id: 'modules.ipFilters.apiBurstFromOneSubnet',
      defaultMessage: 'API burst from one subnet',
    }),
    ips: 38,
    platform: 'SortStak',
    action: 'rate_limited',
  },
  {
    event: defineMessage({
      id: 'modules.ipFilters.automatedSignUpAttempts',
      defaultMessage: 'Automated sign-up attempts',
    }),
    ips: 67,
    platform: 'TalentMLS',
    action: 'captcha_enabled',
  },
];

export const GEOGRAPHIC_RULES: GeographicRule[] = [
  {
    region: defineMessage({ id: 'modules.ipFilters.northAmerica', defaultMessage: 'North America' }),
    platforms: defineMessage({ id: 'modules.ipFilters.allPlatforms', defaultMessage: 'All platforms' }),
    status: 'allowed',
    users: '48.2K',
  },
  {
    region: defineMessage({ id: 'modules.ipFilters.europeanUnion', defaultMessage: 'European Union' }),
    platforms: defineMessage({ id: 'modules.ipFilters.allPlatforms', defaultMessage: 'All platforms' }),
    status: 'allowed',
    users: '31.5K',
  },
  {
    region: defineMessage({ id: 'modules.ipFilters.southeastAsia', defaultMessage: 'Southeast Asia' }),
    platforms: 'Fulfils, TalentMLS',
    status: 'restricted',
    users: '6.1K',
  },
  {
    region: defineMessage({ id: 'modules.ipFilters.sanctionedRegions', defaultMessage: 'Sanctioned regions' }),
    platforms: defineMessage({ id: 'modules.ipFilters.allPlatforms', defaultMessage: 'All platforms' }),
    status: 'blocked',
    users: '0',
  },
];

export const PLATFORM_RULES: PlatformRuleCounts[] = [
  { platform: 'Fulfils', whitelist: 42, blacklist: 318, custom_rules: 12 },
  { platform: 'SortStak', whitelist: 18, blacklist: 94, custom_rules: 6 },
  { platform: 'Role Builder', whitelist: 9, blacklist: 41, custom_rules: 3 },
  { platform: 'Quick Role Check', whitelist: 11, blacklist: 57, custom_rules: 4 },
  { platform: 'TalentMLS', whitelist: 27, blacklist: 206, custom_rules: 9 },
];

export const THREAT_SOURCES: ThreatSource[] = [
  {
    source: 'Spamhaus DROP list',
    status: 'blocked',
    blocked: 1204,
    detected: 1204,
  },
  {
    source: defineMessage({ id: 'modules.ipFilters.torExitNodes', defaultMessage: 'Tor exit nodes' }),
    status: 'restricted',
    blocked: 312,
    detected: 845,
  },
  {
    source: 'AbuseIPDB high-confidence',
    status: 'blocked',
    blocked: 968,
    detected: 1010,
  },
  {
    source: defineMessage({ id: 'modules.ipFilters.cloudHostingRanges', defaultMessage: 'Cloud hosting ranges' }),
    status: 'monitoring',
    blocked: 0,
    detected: 2431,
  },
];

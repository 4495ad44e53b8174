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
  { label: 'Blocked Today', value: '1,847', hint: '+23% vs yesterday', icon: ShieldBanIcon },
  { label: 'Active Rules', value: '312', hint: 'Across 5 platforms', icon: ShieldCheckIcon },
  { label: 'Threat Sources', value: '4', hint: '2 blocked outright', icon: ShieldAlertIcon },
  { label: 'Regions Restricted', value: '3', hint: '1 fully blocked', icon: GlobeIcon },
];

export const IP_BLOCKS: IpBlock[] = [
  {
    ip: '185.220.101.42',
    reason: 'Brute-force sign-in attempts',
    platform: 'Fulfils',
    time: '3 min ago',
    severity: 'high',
  },
  {
    ip: '45.155.205.13',
    reason: 'Scraping job listings',
    platform: 'TalentMLS',
    time: '11 min ago',
    severity: 'medium',
  },
  {
    ip: '103.75.118.9',
    reason: 'Known botnet member',
    platform: 'All platforms',
    time: '26 min ago',
    severity: 'high',
  },
  { ip: '91.240.118.77', reason: 'Excessive API calls', platform: 'SortStak', time: '48 min ago', severity: 'low' },
];

export const SECURITY_EVENTS: SecurityEventSample[] = [
  { event: 'Credential stuffing wave', ips: 214, platform: 'Fulfils', action: 'auto_blocked' },
  { event: 'API burst from one subnet', ips: 38, platform: 'SortStak', action: 'rate_limited' },
  { event: 'Automated sign-up attempts', ips: 67, platform: 'TalentMLS', action: 'captcha_enabled' },
];

export const GEOGRAPHIC_RULES: GeographicRule[] = [
  { region: 'North America', platforms: 'All platforms', status: 'allowed', users: '48.2K' },
  { region: 'European Union', platforms: 'All platforms', status: 'allowed', users: '31.5K' },
  { region: 'Southeast Asia', platforms: 'Fulfils, TalentMLS', status: 'restricted', users: '6.1K' },
  { region: 'Sanctioned regions', platforms: 'All platforms', status: 'blocked', users: '0' },
];

export const PLATFORM_RULES: PlatformRuleCounts[] = [
  { platform: 'Fulfils', whitelist: 42, blacklist: 318, custom_rules: 12 },
  { platform: 'SortStak', whitelist: 18, blacklist: 94, custom_rules: 6 },
  { platform: 'Role Builder', whitelist: 9, blacklist: 41, custom_rules: 3 },
  { platform: 'Quick Role Check', whitelist: 11, blacklist: 57, custom_rules: 4 },
  { platform: 'TalentMLS', whitelist: 27, blacklist: 206, custom_rules: 9 },
];

export const THREAT_SOURCES: ThreatSource[] = [
  { source: 'Spamhaus DROP list', status: 'blocked', blocked: 1204, detected: 1204 },
  { source: 'Tor exit nodes', status: 'restricted', blocked: 312, detected: 845 },
  { source: 'AbuseIPDB high-confidence', status: 'blocked', blocked: 968, detected: 1010 },
  { source: 'Cloud hosting ranges', status: 'monitoring', blocked: 0, detected: 2431 },
];

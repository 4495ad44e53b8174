/**
 * The family of hiring platforms the hub serves (spec §1). The banner links home plus the
 * four sister sites that live outside the hub; the role builder runs inside it.
 */
export interface EcosystemPlatform {
  key: string;
  name: string;
  tagline: string;
  description: string;
  /** External site, or null when the platform lives inside the hub. */
  externalUrl: string | null;
  /** The hub's admin screen for it (guarded; its twin lives under /demo). */
  adminPath: string;
}

export const ECOSYSTEM_PLATFORMS: EcosystemPlatform[] = [
  {
    key: 'fulfils',
    name: 'Fulfils',
    tagline: 'Core employment marketplace',
    description: 'Employers post roles, candidates apply and hires are fulfilled end to end.',
    externalUrl: 'https://fulfils.example',
    adminPath: '/fulfils',
  },
  {
    key: 'sortstak',
    name: 'SortStak',
    tagline: 'Data sorting tool',
    description: 'Cleans, de-duplicates and routes candidate and job data between platforms.',
    externalUrl: 'https://sortstak.example',
    adminPath: '/sortstak',
  },
  {
    key: 'role-builder',
    name: 'Role Builder',
    tagline: 'Role definitions and templates',
    description: 'Builds structured role definitions from reusable templates and skills.',
    externalUrl: null,
    adminPath: '/role-builder',
  },
  {
    key: 'qrc',
    name: 'Quick Role Check',
    tagline: 'Fast candidate-to-role checks',
    description: 'Scores a candidate against a role in seconds and explains every issue found.',
    externalUrl: 'https://qrc.example',
    adminPath: '/qrc',
  },
  {
    key: 'talentmls',
    name: 'TalentMLS',
    tagline: 'Talent multi-listing service',
    description: 'Lists talent and jobs once and shares them across every platform.',
    externalUrl: 'https://talentmls.example',
    adminPath: '/talentmls',
  },
];

export const SISTER_SITES = ECOSYSTEM_PLATFORMS.filter((p) => p.externalUrl !== null);

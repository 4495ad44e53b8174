import type { Text } from '../shared/text';
import { defineMessage } from 'react-intl';
import { AlertTriangleIcon, BriefcaseIcon, Building2Icon, DollarSignIcon } from 'lucide-react';
import type { Employer, FraudAlert, JobListing, Payment, StatCardData } from '../types';

/** Job marketplace admin (TalentMLS) sample data (spec §2 item 4, §3 job listing … payment). */
export const TALENTMLS_STATS: StatCardData[] = [
  {
    label: defineMessage({ id: 'modules.talentmls.activeListings', defaultMessage: 'Active Listings' }),
    value: '3,482',
    hint: defineMessage({ id: 'modules.talentmls.n156ThisWeek', defaultMessage: '+156 this week' }),
    icon: BriefcaseIcon,
  },
  {
    label: defineMessage({ id: 'modules.talentmls.employers', defaultMessage: 'Employers' }),
    value: '892',
    hint: defineMessage({ id: 'modules.talentmls.n764Verified', defaultMessage: '764 verified' }),
    icon: Building2Icon,
  },
  {
    label: defineMessage({ id: 'modules.talentmls.revenueMtd', defaultMessage: 'Revenue (MTD)' }),
    value: '$184K',
    hint: defineMessage({ id: 'modules.talentmls.n12VsLastMonth', defaultMessage: '+12% vs last month' }),
    icon: DollarSignIcon,
  },
  {
    label: defineMessage({ id: 'modules.talentmls.fraudAlerts', defaultMessage: 'Fraud Alerts' }),
    value: '3',
    hint: defineMessage({ id: 'modules.talentmls.n2AutoBlocked', defaultMessage: '2 auto-blocked' }),
    icon: AlertTriangleIcon,
  },
];

export const JOB_LISTINGS: JobListing[] = [
  {
    title: defineMessage({ id: 'modules.talentmls.seniorReactDeveloper', defaultMessage: 'Senior React Developer' }),
    company: 'TechCorp Inc.',
    salary: '$140K–$170K',
    applications: 87,
    status: 'active',
    featured: true,
    cross_platform: true,
  },
  {
    title: defineMessage({ id: 'modules.talentmls.dataScientist', defaultMessage: 'Data Scientist' }),
    company: 'DataFlow Systems',
    salary: '$125K–$155K',
    applications: 54,
    status: 'active',
    featured: false,
    cross_platform: true,
  },
  {
    title: defineMessage({ id: 'modules.talentmls.marketingCoordinator', defaultMessage: 'Marketing Coordinator' }),
    company: 'GreenLeaf Labs',
    salary: '$55K–$68K',
    applications: 23,
    status: 'pending_approval',
    featured: false,
    cross_platform: false,
  },
  {
    title: defineMessage({ id: 'modules.talentmls.cloudArchitect', defaultMessage: 'Cloud Architect' }),
    company: 'CloudScale',
    salary: '$165K–$195K',
    applications: 41,
    status: 'active',
    featured: true,
    cross_platform: false,
  },
];

export const FRAUD_ALERTS: FraudAlert[] = [
  {
    company: 'QuickCash Jobs LLC',
    issue: defineMessage({
      id: 'modules.talentmls.upfrontPaymentRequestedFromApplicants',
      defaultMessage: 'Upfront payment requested from applicants',
    }),
    severity: 'high',
    auto_blocked: true,
  },
  {
    company: 'Global Remote Opps',
    issue: defineMessage({
      id: 'modules.talentmls.duplicateListingsAcross40Cities',
      defaultMessage: 'Duplicate listings across 40 cities',
    }),
    severity: 'medium',
    auto_blocked: false,
  },
  {
    company: 'EZ Hiring Now',
    issue: defineMessage({
      id: 'modules.talentmls.unverifiableCompanyRegistration',
      defaultMessage: 'Unverifiable company registration',
    }),
    severity: 'high',
    auto_blocked: true,
  },
];

export const EMPLOYERS: Employer[] = [
  {
    name: 'TechCorp Inc.',
    jobs: 24,
    verified: true,
    rating: 4.7,
    total_paid: '$48,200',
    cross_platform: true,
  },
  {
    name: 'DataFlow Systems',
    jobs: 12,
    verified: true,
    rating: 4.5,
    total_paid: '$21,650',
    cross_platform: true,
  },
  {
    name: 'GreenLeaf Labs',
    jobs: 6,
    verified: false,
    rating: 4.1,
    total_paid: '$3,400',
    cross_platform: false,
  },
  {
    name: 'CloudScale',
    jobs: 15,
    verified: true,
    rating: 4.8,
    total_paid: '$36,900',
    cross_platform: false,
  },
];

export interface MarketFigure {
  label: Text;
  value: number;
}

/** Analytics tab: applications per category this month. */
export const APPLICATIONS_BY_CATEGORY: MarketFigure[] = [
  { label: defineMessage({ id: 'modules.talentmls.engineering', defaultMessage: 'Engineering' }), value: 4210 },
  { label: defineMessage({ id: 'modules.talentmls.dataAnalytics', defaultMessage: 'Data & Analytics' }), value: 2380 },
  { label: defineMessage({ id: 'modules.talentmls.sales', defaultMessage: 'Sales' }), value: 1920 },
  { label: defineMessage({ id: 'modules.talentmls.marketing', defaultMessage: 'Marketing' }), value: 1340 },
  { label: defineMessage({ id: 'modules.talentmls.operations', defaultMessage: 'Operations' }), value: 980 },
];

export const PAYMENTS: Payment[] = [
  { employer: 'TechCorp Inc.', amount: '$2,400', type: 'Premium Package', status: 'completed' },
  { employer: 'CloudScale', amount: '$450', type: 'Featured Listing', status: 'completed' },
  { employer: 'GreenLeaf Labs', amount: '$150', type: 'Standard Listing', status: 'pending' },
  { employer: 'DataFlow Systems', amount: '$450', type: 'Featured Listing', status: 'pending' },
];

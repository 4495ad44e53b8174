import { AlertTriangleIcon, BriefcaseIcon, Building2Icon, DollarSignIcon } from 'lucide-react';
import type { Employer, FraudAlert, JobListing, Payment, StatCardData } from '../types';

/** Job marketplace admin (TalentMLS) sample data (spec §2 item 4, §3 job listing … payment). */
export const TALENTMLS_STATS: StatCardData[] = [
  { label: 'Active Listings', value: '3,482', hint: '+156 this week', icon: BriefcaseIcon },
  { label: 'Employers', value: '892', hint: '764 verified', icon: Building2Icon },
  { label: 'Revenue (MTD)', value: '$184K', hint: '+12% vs last month', icon: DollarSignIcon },
  { label: 'Fraud Alerts', value: '3', hint: '2 auto-blocked', icon: AlertTriangleIcon },
];

export const JOB_LISTINGS: JobListing[] = [
  {
    title: 'Senior React Developer',
    company: 'TechCorp Inc.',
    salary: '$140K–$170K',
    applications: 87,
    status: 'active',
    featured: true,
    cross_platform: true,
  },
  {
    title: 'Data Scientist',
    company: 'DataFlow Systems',
    salary: '$125K–$155K',
    applications: 54,
    status: 'active',
    featured: false,
    cross_platform: true,
  },
  {
    title: 'Marketing Coordinator',
    company: 'GreenLeaf Labs',
    salary: '$55K–$68K',
    applications: 23,
    status: 'pending_approval',
    featured: false,
    cross_platform: false,
  },
  {
    title: 'Cloud Architect',
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
    issue: 'Upfront payment requested from applicants',
    severity: 'high',
    auto_blocked: true,
  },
  {
    company: 'Global Remote Opps',
    issue: 'Duplicate listings across 40 cities',
    severity: 'medium',
    auto_blocked: false,
  },
  { company: 'EZ Hiring Now', issue: 'Unverifiable company registration', severity: 'high', auto_blocked: true },
];

export const EMPLOYERS: Employer[] = [
  { name: 'TechCorp Inc.', jobs: 24, verified: true, rating: 4.7, total_paid: '$48,200', cross_platform: true },
  { name: 'DataFlow Systems', jobs: 12, verified: true, rating: 4.5, total_paid: '$21,650', cross_platform: true },
  { name: 'GreenLeaf Labs', jobs: 6, verified: false, rating: 4.1, total_paid: '$3,400', cross_platform: false },
  { name: 'CloudScale', jobs: 15, verified: true, rating: 4.8, total_paid: '$36,900', cross_platform: false },
];

export interface MarketFigure {
  label: string;
  value: number;
}

/** Analytics tab: applications per category this month. */
export const APPLICATIONS_BY_CATEGORY: MarketFigure[] = [
  { label: 'Engineering', value: 4210 },
  { label: 'Data & Analytics', value: 2380 },
  { label: 'Sales', value: 1920 },
  { label: 'Marketing', value: 1340 },
  { label: 'Operations', value: 980 },
];

export const PAYMENTS: Payment[] = [
  { employer: 'TechCorp Inc.', amount: '$2,400', type: 'Premium Package', status: 'completed' },
  { employer: 'CloudScale', amount: '$450', type: 'Featured Listing', status: 'completed' },
  { employer: 'GreenLeaf Labs', amount: '$150', type: 'Standard Listing', status: 'pending' },
  { employer: 'DataFlow Systems', amount: '$450', type: 'Featured Listing', status: 'pending' },
];

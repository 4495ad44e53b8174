import { defineMessage } from 'react-intl';
import { BoxesIcon, PackageIcon, TruckIcon, UsersIcon } from 'lucide-react';
import type { FulfillmentCenter, InventoryItem, MarketplaceUser, Order, StatCardData } from '../types';

/** Core marketplace admin sample data (spec §2: all static figures). */
export const FULFILS_STATS: StatCardData[] = [
  {
    label: defineMessage({ id: 'modules.fulfils.ordersToday', defaultMessage: 'Orders Today' }),
    value: '1,482',
    hint: defineMessage({ id: 'modules.fulfils.n82VsYesterday', defaultMessage: '+8.2% vs yesterday' }),
    icon: PackageIcon,
  },
  {
    label: defineMessage({ id: 'modules.fulfils.inventoryItems', defaultMessage: 'Inventory Items' }),
    value: '24,310',
    hint: defineMessage({ id: 'modules.fulfils.n38BelowReorderLevel', defaultMessage: '38 below reorder level' }),
    icon: BoxesIcon,
  },
  {
    label: defineMessage({ id: 'modules.fulfils.marketplaceUsers', defaultMessage: 'Marketplace Users' }),
    value: '12,847',
    hint: defineMessage({ id: 'modules.fulfils.n214ThisWeek', defaultMessage: '+214 this week' }),
    icon: UsersIcon,
  },
  {
    label: defineMessage({ id: 'modules.fulfils.fulfillmentCenters', defaultMessage: 'Fulfillment Centers' }),
    value: '4',
    hint: defineMessage({ id: 'modules.fulfils.n3Operational', defaultMessage: '3 operational' }),
    icon: TruckIcon,
  },
];

export const ORDERS: Order[] = [
  { id: 'ORD-10482', customer: 'TechCorp Inc.', items: 3, total: '$1,240', status: 'processing', center: 'Austin, TX' },
  { id: 'ORD-10481', customer: 'DataFlow Systems', items: 1, total: '$499', status: 'shipped', center: 'Newark, NJ' },
  { id: 'ORD-10480', customer: 'GreenLeaf Labs', items: 5, total: '$2,115', status: 'delivered', center: 'Reno, NV' },
  {
    id: 'ORD-10479',
    customer: 'Brightside Health',
    items: 2,
    total: '$760',
    status: 'cancelled',
    center: 'Austin, TX',
  },
];

export const INVENTORY: InventoryItem[] = [
  {
    sku: 'FUL-JP-001',
    name: defineMessage({ id: 'modules.fulfils.featuredJobPostCredits', defaultMessage: 'Featured Job Post credits' }),
    stock: 1240,
    reorderAt: 300,
    center: 'Austin, TX',
  },
  {
    sku: 'FUL-BG-014',
    name: defineMessage({ id: 'modules.fulfils.backgroundCheckBundles', defaultMessage: 'Background check bundles' }),
    stock: 180,
    reorderAt: 200,
    center: 'Newark, NJ',
  },
  {
    sku: 'FUL-AS-022',
    name: defineMessage({ id: 'modules.fulfils.assessmentLicences', defaultMessage: 'Assessment licences' }),
    stock: 860,
    reorderAt: 250,
    center: 'Reno, NV',
  },
  {
    sku: 'FUL-ON-007',
    name: defineMessage({ id: 'modules.fulfils.onboardingKits', defaultMessage: 'Onboarding kits' }),
    stock: 95,
    reorderAt: 120,
    center: 'Columbus, OH',
  },
];

export const MARKETPLACE_USERS: MarketplaceUser[] = [
  {
    name: 'Sarah Chen',
    email: 'sarah.chen@techcorp.example',
    type: 'Employer',
    status: 'active',
    joined: 'Mar 2026',
  },
  {
    name: 'Marcus Johnson',
    email: 'marcus.j@mail.example',
    type: 'Candidate',
    status: 'active',
    joined: 'Jun 2026',
  },
  {
    name: 'Priya Patel',
    email: 'priya@talentfirst.example',
    type: 'Recruiter',
    status: 'active',
    joined: 'Jan 2026',
  },
  {
    name: 'Dmitri Volkov',
    email: 'dmitri.v@mail.example',
    type: 'Candidate',
    status: 'suspended',
    joined: 'Aug 2026',
  },
];

export const FULFILLMENT_CENTERS: FulfillmentCenter[] = [
  {
    name: defineMessage({ id: 'modules.fulfils.centralHub', defaultMessage: 'Central Hub' }),
    location: 'Austin, TX',
    capacity: 87,
    orders: 642,
    status: 'operational',
  },
  {
    name: defineMessage({ id: 'modules.fulfils.eastCoast', defaultMessage: 'East Coast' }),
    location: 'Newark, NJ',
    capacity: 72,
    orders: 418,
    status: 'operational',
  },
  {
    name: defineMessage({ id: 'modules.fulfils.westCoast', defaultMessage: 'West Coast' }),
    location: 'Reno, NV',
    capacity: 64,
    orders: 301,
    status: 'operational',
  },
  {
    name: defineMessage({ id: 'modules.fulfils.midwest', defaultMessage: 'Midwest' }),
    location: 'Columbus, OH',
    capacity: 0,
    orders: 0,
    status: 'maintenance',
  },
];

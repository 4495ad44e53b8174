import type { LucideIcon } from 'lucide-react';

/**
 * The display-only sample record shapes of spec §3 ("Module screen sample records"), one
 * interface per record, named as the spec names them. Every module's sample data module is
 * typed by these, so a screen cannot drift from the spec's fields.
 */

/** A stat card at the top of a module screen (decorative sample figures, spec §9). */
export interface StatCardData {
  label: string;
  value: string;
  hint: string;
  icon: LucideIcon;
}

// Role Builder
export interface RoleDefinition {
  title: string;
  company: string;
  status: 'Active' | 'Draft' | 'Review';
  assignments: number;
  completion: number;
}
export interface RoleTemplate {
  name: string;
  category: string;
  usage: number;
  rating: number;
}

// Quick Role Check
export interface QrcResult {
  candidate: string;
  role: string;
  result: 'Pass' | 'Conditional' | 'Fail';
  score: number;
  time: string;
  issues: number;
}
export interface QrcTemplate {
  name: string;
  category: string;
  checks: number;
  success: number;
}

// Data pipeline admin (SortStak)
export interface Pipeline {
  name: string;
  status: 'running' | 'queued' | 'completed';
  progress: number;
  throughput: string;
  platform: string;
}
export interface DataQualityMetric {
  metric: string;
  score: number;
  status: 'excellent' | 'good';
}
export interface PrivacyActivity {
  user: string;
  operation: string;
  dataset: string;
  size: string;
  privacy: 'GDPR Compliant' | 'Anonymized' | 'Restricted';
}
export interface ApiEndpointMonitor {
  name: string;
  status: 'healthy' | 'degraded';
  calls: string;
  latency: string;
  rate_limit: string;
}

// Job marketplace admin (TalentMLS)
export interface JobListing {
  title: string;
  company: string;
  salary: string;
  applications: number;
  status: 'active' | 'pending_approval';
  featured: boolean;
  cross_platform: boolean;
}
export interface Employer {
  name: string;
  jobs: number;
  verified: boolean;
  rating: number;
  total_paid: string;
  cross_platform: boolean;
}
export interface FraudAlert {
  company: string;
  issue: string;
  severity: 'high' | 'medium';
  auto_blocked: boolean;
}
export interface Payment {
  employer: string;
  amount: string;
  type: 'Featured Listing' | 'Premium Package' | 'Standard Listing';
  status: 'completed' | 'pending';
}

// Talent admin (TalentSpark)
export interface Talent {
  name: string;
  skills: string[];
  verified: boolean;
  engagement: number;
  cross_platform: boolean;
  status: 'active' | 'pending_verification';
}
export interface SkillCertification {
  skill: string;
  certified: number;
  pending: number;
  pass_rate: number;
}
export interface TrainingProgram {
  name: string;
  enrolled: number;
  completed: number;
  duration: string;
}
export interface MatchingCriterion {
  criteria: string;
  accuracy: number;
  improvement: string;
}
export interface CrossPlatformAlert {
  talent: string;
  issue: string;
  platforms: string[];
  severity: 'high' | 'medium' | 'low';
}

// IP Filters
export type Severity3 = 'high' | 'medium' | 'low';
export interface IpBlock {
  ip: string;
  reason: string;
  platform: string;
  time: string;
  severity: Severity3;
}
export interface GeographicRule {
  region: string;
  platforms: string;
  status: 'allowed' | 'restricted' | 'blocked';
  users: string;
}
export interface PlatformRuleCounts {
  platform: string;
  whitelist: number;
  blacklist: number;
  custom_rules: number;
}
export interface ThreatSource {
  source: string;
  status: 'monitoring' | 'blocked' | 'restricted';
  blocked: number;
  detected: number;
}
export interface SecurityEventSample {
  event: string;
  ips: number;
  platform: string;
  action: 'auto_blocked' | 'rate_limited' | 'captcha_enabled';
}

// System Health
export interface PlatformHealth {
  name: string;
  status: 'healthy' | 'degraded';
  uptime: string;
  response: string;
  errors: string;
  users: number;
  dependencies: string[];
}
export interface ServerMetric {
  server: string;
  cpu: number;
  memory: number;
  disk: number;
  network: number;
}
export interface Incident {
  title: string;
  platform: string;
  severity: Severity3;
  status: 'resolved' | 'monitoring';
  duration: string;
  time: string;
}
export interface AlertRule {
  rule: string;
  platforms: string;
  active: boolean;
  triggered: string;
}

// Settings admin
export interface GlobalSetting {
  key: string;
  value: string;
  category: string;
  critical: boolean;
}
export interface PlatformConfig {
  platform: string;
  settings: { sso: boolean; notifications: boolean; analytics: boolean; backup_frequency: 'daily' | 'hourly' };
  lastSync: string;
  status: 'healthy' | 'syncing';
}
export interface AdminRole {
  role: string;
  users: number;
  permissions: string;
  description: string;
}
export interface ApiKey {
  name: string;
  platform: string;
  status: 'active' | 'expired';
  expires: string;
  usage: string;
}
export interface Backup {
  type: string;
  lastBackup: string;
  size: string;
  status: 'completed' | 'in_progress';
  retention: '30 days' | '90 days' | '7 years' | '1 year';
}
export interface AuditEventSample {
  user: string;
  action: string;
  platform: string;
  time: string;
}
export interface ToggleSetting {
  id: string;
  label: string;
  description: string;
  enabled: boolean;
}

// Data Mining Control Center
export interface MiningJob {
  id: string;
  name: string;
  status: 'running' | 'completed' | 'paused';
  progress: number;
  dataset: string;
}
export interface MiningDataset {
  id: string;
  name: string;
  records: string;
  type: 'Structured' | 'Semi-structured' | 'Graph' | 'Time Series';
}
export interface MiningAlgorithm {
  id: string;
  name: string;
  description: string;
  complexity: 'Low' | 'Medium' | 'High';
}
export interface Pattern {
  pattern: string;
  confidence: number;
  category: string;
}

// Core marketplace admin (Fulfils)
export interface Order {
  id: string;
  customer: string;
  items: number;
  total: string;
  status: 'processing' | 'shipped' | 'delivered' | 'cancelled';
  center: string;
}
export interface InventoryItem {
  sku: string;
  name: string;
  stock: number;
  reorderAt: number;
  center: string;
}
export interface MarketplaceUser {
  name: string;
  email: string;
  type: 'Employer' | 'Candidate' | 'Recruiter';
  status: 'active' | 'suspended';
  joined: string;
}
export interface FulfillmentCenter {
  name: string;
  location: string;
  capacity: number;
  orders: number;
  status: 'operational' | 'maintenance';
}

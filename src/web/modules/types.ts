import type { Text } from './shared/text';
import type { LucideIcon } from 'lucide-react';

/**
 * The display-only sample record shapes of spec §3 ("Module screen sample records"), one
 * interface per record, named as the spec names them. Every module's sample data module is
 * typed by these, so a screen cannot drift from the spec's fields.
 */

/** A stat card at the top of a module screen (decorative sample figures, spec §9). */
export interface StatCardData {
  label: Text;
  value: string;
  hint: Text;
  icon: LucideIcon;
}

// Role Builder
export interface RoleDefinition {
  title: Text;
  company: string;
  status: 'Active' | 'Draft' | 'Review';
  assignments: number;
  completion: number;
}
export interface RoleTemplate {
  name: Text;
  category: Text;
  usage: number;
  rating: number;
}

// Quick Role Check
export interface QrcResult {
  candidate: string;
  role: Text;
  result: 'Pass' | 'Conditional' | 'Fail';
  score: number;
  time: Text;
  issues: number;
}
export interface QrcTemplate {
  name: Text;
  category: Text;
  checks: number;
  success: number;
}

// Data pipeline admin (SortStak)
export interface Pipeline {
  name: Text;
  status: 'running' | 'queued' | 'completed';
  progress: number;
  throughput: string;
  platform: string;
}
export interface DataQualityMetric {
  metric: Text;
  score: number;
  status: 'excellent' | 'good';
}
export interface PrivacyActivity {
  user: string;
  operation: Text;
  dataset: Text;
  size: string;
  privacy: 'GDPR Compliant' | 'Anonymized' | 'Restricted';
}
export interface ApiEndpointMonitor {
  name: Text;
  status: 'healthy' | 'degraded';
  calls: string;
  latency: string;
  rate_limit: string;
}

// Job marketplace admin (TalentMLS)
export interface JobListing {
  title: Text;
  company: string;
  salary: string;
  applications: number;
  status: 'active' | 'pending_approval';
  featured: boolean;
  cross_platform: boolean;
}
export interface Employer {
  name: Text;
  jobs: number;
  verified: boolean;
  rating: number;
  total_paid: string;
  cross_platform: boolean;
}
export interface FraudAlert {
  company: string;
  issue: Text;
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
  name: Text;
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
  name: Text;
  enrolled: number;
  completed: number;
  duration: Text;
}
export interface MatchingCriterion {
  criteria: Text;
  accuracy: number;
  improvement: string;
}
export interface CrossPlatformAlert {
  talent: Text;
  issue: Text;
  platforms: string[];
  severity: 'high' | 'medium' | 'low';
}

// IP Filters
export type Severity3 = 'high' | 'medium' | 'low';
export interface IpBlock {
  ip: string;
  reason: Text;
  platform: string;
  time: Text;
  severity: Severity3;
}
export interface GeographicRule {
  region: Text;
  platforms: Text;
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
  source: Text;
  status: 'monitoring' | 'blocked' | 'restricted';
  blocked: number;
  detected: number;
}
export interface SecurityEventSample {
  event: Text;
  ips: number;
  platform: string;
  action: 'auto_blocked' | 'rate_limited' | 'captcha_enabled';
}

// System Health
export interface PlatformHealth {
  name: Text;
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
  title: Text;
  platform: string;
  severity: Severity3;
  status: 'resolved' | 'monitoring';
  duration: Text;
  time: Text;
}
export interface AlertRule {
  rule: Text;
  platforms: Text;
  active: boolean;
  triggered: Text;
}

// Settings admin
export interface GlobalSetting {
  key: string;
  value: Text;
  category: Text;
  critical: boolean;
}
export interface PlatformConfig {
  platform: string;
  settings: { sso: boolean; notifications: boolean; analytics: boolean; backup_frequency: 'daily' | 'hourly' };
  lastSync: Text;
  status: 'healthy' | 'syncing';
}
export interface AdminRole {
  role: Text;
  users: number;
  permissions: Text;
  description: Text;
}
export interface ApiKey {
  name: Text;
  platform: string;
  status: 'active' | 'expired';
  expires: Text;
  usage: Text;
}
export interface Backup {
  type: string;
  lastBackup: Text;
  size: string;
  status: 'completed' | 'in_progress';
  retention: '30 days' | '90 days' | '7 years' | '1 year';
}
export interface AuditEventSample {
  user: string;
  action: Text;
  platform: string;
  time: Text;
}
export interface ToggleSetting {
  id: string;
  label: Text;
  description: Text;
  enabled: boolean;
}

// Data Mining Control Center
export interface MiningJob {
  id: string;
  name: Text;
  status: 'running' | 'completed' | 'paused';
  progress: number;
  dataset: Text;
}
export interface MiningDataset {
  id: string;
  name: Text;
  records: string;
  type: 'Structured' | 'Semi-structured' | 'Graph' | 'Time Series';
}
export interface MiningAlgorithm {
  id: string;
  name: Text;
  description: Text;
  complexity: 'Low' | 'Medium' | 'High';
}
export interface Pattern {
  pattern: Text;
  confidence: number;
  category: Text;
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
  name: Text;
  stock: number;
  reorderAt: number;
  center: string;
}
export interface MarketplaceUser {
  name: Text;
  email: string;
  type: 'Employer' | 'Candidate' | 'Recruiter';
  status: 'active' | 'suspended';
  joined: Text;
}
export interface FulfillmentCenter {
  name: Text;
  location: Text;
  capacity: number;
  orders: number;
  status: 'operational' | 'maintenance';
}

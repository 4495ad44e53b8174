/** Wire types of /api/admin (src/server/admin/schemas.ts is the source of truth). */
export interface AdminUser {
  id: string;
  email: string;
  full_name: string | null;
  organization: string | null;
  department: string | null;
  is_active: boolean;
  created_at: string;
  last_login_at: string | null;
  roles: string[];
}
export interface UserPage {
  users: AdminUser[];
  total: number;
  total_capped: boolean;
  next_cursor: string | null;
}
export interface Overview {
  users_total: number;
  users_active: number;
  admins: number;
  active_sessions: number;
  apps_total: number;
  apps_active: number;
  pending_requests: number;
  failed_sign_ins_24h: number;
  sign_ins_24h: number;
  audit_events_24h: number;
  high_severity_24h: number;
  database: 'pglite' | 'postgres';
}
export interface AppSafe {
  id: string;
  app_name: string;
  app_url: string;
  app_type: string;
  is_active: boolean;
  has_api_key: boolean;
  has_webhook_secret: boolean;
}
export interface SessionSafe {
  id: string;
  user_id: string | null;
  client_id: string | null;
  is_active: boolean;
  session_token_hash: string;
  ip_address: string | null;
  created_at: string;
}
export type CredentialType = 'api_key' | 'webhook_secret';
export interface CredentialRequest {
  id: string;
  action_type: string;
  app_id: string | null;
  app_name: string | null;
  credential_type: string | null;
  justification: string;
  time_limit_minutes: number | null;
  status: string;
  requesting_user_id: string;
  requester_email: string | null;
  decided_by: string | null;
  decided_at: string | null;
  expires_at: string | null;
  created_at: string;
  can_decide: boolean;
}
export interface Grant {
  id: string;
  app_id: string;
  app_name: string;
  credential_type: string;
  expires_at: string;
  time_limit_minutes: number;
}
export interface Analytics {
  daily: { date: string; sign_ins: number; failures: number }[];
  sessions_per_app: { app_name: string; count: number }[];
  top_event_types: { event_type: string; count: number }[];
}
export interface RoleAssignment {
  id: string;
  role: string;
  is_active: boolean;
  granted_by: string | null;
  granted_at: string;
  expires_at: string | null;
}

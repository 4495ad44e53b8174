import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { adminKeys } from './keys';
import type { Analytics, AppSafe, Overview, SessionSafe } from './types';

export const fetchOverview = () => api.get<Overview>('/api/admin/overview');
export const fetchApps = () => api.get<{ apps: AppSafe[] }>('/api/admin/apps').then((r) => r.apps);
/** The spec's "last five sessions" (get_session_info_safe). */
export const fetchRecentSessions = () => api.get<{ sessions: SessionSafe[] }>('/api/admin/sessions?limit=5').then((r) => r.sessions);
export const fetchAnalytics = () => api.get<Analytics>('/api/admin/analytics');

export const useOverviewQuery = () => useQuery({ queryKey: adminKeys.overview(), queryFn: fetchOverview });
export const useAppsQuery = () => useQuery({ queryKey: adminKeys.apps(), queryFn: fetchApps });
export const useRecentSessionsQuery = () => useQuery({ queryKey: adminKeys.sessions(), queryFn: fetchRecentSessions });
export const useAnalyticsQuery = () => useQuery({ queryKey: adminKeys.analytics(), queryFn: fetchAnalytics });

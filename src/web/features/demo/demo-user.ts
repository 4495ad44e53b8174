import { useIntl } from 'react-intl';
import type { SidebarUser } from '@/layout/shell/app-sidebar';

/** Demo mode shows whoever is looking as this demo user (spec §2); nothing is fetched. */
export function useDemoUser(): SidebarUser {
  const intl = useIntl();
  return {
    name: intl.formatMessage({ id: 'demo.user', defaultMessage: 'Demo User' }),
    detail: 'demo@ecosystem-hub.example',
  };
}

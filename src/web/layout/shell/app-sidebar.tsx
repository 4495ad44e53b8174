import { useIntl } from 'react-intl';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { PanelLeftCloseIcon, PanelLeftOpenIcon, UserCircle2Icon } from 'lucide-react';
import { cn } from '@/lib/utils';
import { DEMO_NAV, hubNav, isCurrent, moduleNav, type NavItem, type ShellMode } from './shell-nav';

export interface SidebarUser {
  name: string;
  detail: string;
}

const WIDE = '(min-width: 768px)';

/** Narrow screens start with the sidebar folded so the screen itself comes first. */
function isWide() {
  return typeof window === 'undefined' || !window.matchMedia ? true : window.matchMedia(WIDE).matches;
}

function NavList({ label, items, isOpen }: { label: string; items: NavItem[]; isOpen: boolean }) {
  const intl = useIntl();
  const { pathname, search } = useLocation();
  const claimedTabs = items.flatMap((i) => new URL(i.to, 'http://x').searchParams.get('tab') ?? []);
  return (
    <nav aria-label={label} className="px-2 pb-3">
      <ul className="grid grid-cols-2 gap-0.5 md:grid-cols-1">
        {items.map(({ to, label: message, icon: Icon }) => {
          const text = intl.formatMessage(message);
          const current = isCurrent(to, pathname, search, claimedTabs);
          return (
            <li key={to}>
              <Link
                to={to}
                title={text}
                aria-current={current ? 'page' : undefined}
                className={cn(
                  'flex items-center gap-2 rounded-md px-2 py-1.5 text-sm outline-none hover:bg-accent',
                  'focus-visible:ring-[3px] focus-visible:ring-ring/50',
                  current && 'bg-accent font-medium text-accent-foreground',
                )}
              >
                <Icon className="size-4 shrink-0" aria-hidden />
                <span className={cn('truncate', !isOpen && 'md:sr-only')}>{text}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/**
 * The collapsible sidebar of the app shell (spec §2). Demo: its dashboard, admin demo and the
 * /demo twins. Signed in: the hub screens the role may open, then, for internal administrators
 * only, the guarded modules (a plain user's navigation is their own account). Open it
 * lists everything; folded it keeps icons on wide screens and only the toggle row on phones.
 */
export function AppSidebar({
  mode,
  user,
  isEcosystemAdmin = false,
}: {
  mode: ShellMode;
  user: SidebarUser;
  isEcosystemAdmin?: boolean;
}) {
  const intl = useIntl();
  const [isOpen, setIsOpen] = useState(isWide);
  const { pathname, search } = useLocation();
  // On a phone the open sidebar covers the screen: following a link folds it again.
  useEffect(() => {
    if (!isWide()) setIsOpen(false);
  }, [pathname, search]);
  const modules = moduleNav(mode, isEcosystemAdmin);
  const Toggle = isOpen ? PanelLeftCloseIcon : PanelLeftOpenIcon;
  return (
    <aside
      data-testid="app-sidebar"
      data-state={isOpen ? 'open' : 'collapsed'}
      aria-label={intl.formatMessage({ id: 'common.sidebar', defaultMessage: 'Sidebar' })}
      className={cn('shrink-0 border-b bg-card md:border-e md:border-b-0', isOpen ? 'md:w-60' : 'md:w-14')}
    >
      <div className="md:sticky md:top-0">
        <div className="flex items-center gap-2 p-3">
          <button
            type="button"
            onClick={() => setIsOpen((v) => !v)}
            aria-expanded={isOpen}
            aria-controls="app-nav"
            aria-label={
              isOpen
                ? intl.formatMessage({ id: 'common.sidebar.collapse', defaultMessage: 'Collapse sidebar' })
                : intl.formatMessage({ id: 'common.sidebar.expand', defaultMessage: 'Expand sidebar' })
            }
            className={cn(
              'inline-flex size-8 shrink-0 items-center justify-center rounded-md hover:bg-accent',
              'focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
            )}
          >
            <Toggle className="size-4" aria-hidden />
          </button>
          <div className={cn('flex min-w-0 items-center gap-2', !isOpen && 'md:hidden')} data-testid="sidebar-user">
            <UserCircle2Icon className="size-7 shrink-0 text-primary" aria-hidden />
            <div className="min-w-0 leading-tight">
              <p className="truncate text-sm font-medium">{user.name}</p>
              <p className="truncate text-xs text-muted-foreground">{user.detail}</p>
            </div>
          </div>
        </div>
        <div id="app-nav" className={cn(!isOpen && 'hidden md:block')}>
          {mode === 'live' ? (
            <>
              <NavList
                label={intl.formatMessage({ id: 'common.nav.hub', defaultMessage: 'Hub' })}
                items={hubNav(isEcosystemAdmin)}
                isOpen={isOpen}
              />
              {modules.length > 0 && (
                <NavList
                  label={intl.formatMessage({ id: 'common.nav.modules', defaultMessage: 'Modules' })}
                  items={modules}
                  isOpen={isOpen}
                />
              )}
            </>
          ) : (
            <NavList
              label={intl.formatMessage({ id: 'common.nav.modules', defaultMessage: 'Modules' })}
              items={[...DEMO_NAV, ...modules]}
              isOpen={isOpen}
            />
          )}
        </div>
      </div>
    </aside>
  );
}

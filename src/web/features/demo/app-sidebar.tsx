import { useState } from 'react';
import { NavLink } from 'react-router';
import { PanelLeftCloseIcon, PanelLeftOpenIcon, UserCircle2Icon } from 'lucide-react';
import { cn } from '@/lib/utils';
import { leadingNav, MODULE_NAV, moduleHref } from './module-nav';

export interface SidebarUser {
  name: string;
  detail: string;
}

/** Narrow screens start with the sidebar folded so the screen itself comes first. */
function startsOpen() {
  return typeof window === 'undefined' || !window.matchMedia ? true : window.matchMedia('(min-width: 768px)').matches;
}

/**
 * The collapsible sidebar of the demo and module screens (spec §2). Open it lists every
 * module; folded it keeps icons on wide screens and only the toggle row on narrow ones.
 */
export function AppSidebar({ mode, user }: { mode: 'demo' | 'live'; user: SidebarUser }) {
  const [isOpen, setIsOpen] = useState(startsOpen);
  const links = [
    ...leadingNav(mode),
    ...MODULE_NAV.map((m) => ({ to: moduleHref(mode, m.path), label: m.label, icon: m.icon })),
  ];
  const Toggle = isOpen ? PanelLeftCloseIcon : PanelLeftOpenIcon;
  return (
    <aside
      data-testid="app-sidebar"
      data-state={isOpen ? 'open' : 'collapsed'}
      className={cn('shrink-0 border-b bg-card md:border-r md:border-b-0', isOpen ? 'md:w-60' : 'md:w-14')}
    >
      <div className="md:sticky md:top-0">
        <div className="flex items-center gap-2 p-3">
          <button
            type="button"
            onClick={() => setIsOpen((v) => !v)}
            aria-expanded={isOpen}
            aria-controls="module-nav"
            aria-label={isOpen ? 'Collapse sidebar' : 'Expand sidebar'}
            className="inline-flex size-8 shrink-0 items-center justify-center rounded-md hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
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
        <nav id="module-nav" aria-label="Modules" className={cn('px-2 pb-3', !isOpen && 'hidden md:block')}>
          <ul className="grid grid-cols-2 gap-0.5 md:grid-cols-1">
            {links.map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  end
                  title={label}
                  className={({ isActive }) =>
                    cn(
                      'flex items-center gap-2 rounded-md px-2 py-1.5 text-sm outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50',
                      isActive && 'bg-accent font-medium text-accent-foreground',
                    )
                  }
                >
                  <Icon className="size-4 shrink-0" aria-hidden />
                  <span className={cn('truncate', !isOpen && 'md:sr-only')}>{label}</span>
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </aside>
  );
}

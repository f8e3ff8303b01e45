import { ChevronLeftIcon } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { Brand } from '@/components/brand';
import { useOnboarding } from '@/features/onboarding/onboarding-queries';
import { nextStepSidebarGroup } from '@/features/onboarding/onboarding-steps';
import { WorkspaceSwitcher } from '@/features/workspaces/workspace-switcher';
import { cn } from '@/lib/utils';
import { SidebarCollapsedNav } from './sidebar-collapsed-nav';
import { SidebarExpandedNav } from './sidebar-expanded-nav';
import { isForcedCollapsedPath, isGroupActive, NAV_GROUPS } from './sidebar-nav-config';
import { useOpenGroups } from './use-open-groups';
import { UserMenu } from './user-menu';

/**
 * The app's sidebar (spec section 2): w-64 expanded, w-20 collapsed, forced collapsed on /campaigns/<id>.
 * Tests select it by data-testid="sidebar" and read data-collapsed. Below md it gives way to MobileNav's sheet.
 */
export function Sidebar() {
  const { pathname } = useLocation();
  const [userCollapsed, setUserCollapsed] = useState(false);
  const forced = isForcedCollapsedPath(pathname);
  const collapsed = forced || userCollapsed;
  const activeGroup = NAV_GROUPS.find((g) => isGroupActive(g, pathname));
  const { data: onboarding } = useOnboarding();
  const { isOpen, setGroupOpen } = useOpenGroups(activeGroup, nextStepSidebarGroup(onboarding));

  return (
    <aside
      data-testid="sidebar"
      data-collapsed={collapsed ? 'true' : 'false'}
      aria-label="Sidebar"
      className={cn(
        'sticky top-0 z-30 hidden h-svh shrink-0 flex-col border-sidebar-border border-r bg-sidebar text-sidebar-foreground transition-[width] duration-200 ease-out',
        'md:flex',
        collapsed ? 'w-20' : 'w-64',
      )}
    >
      <div className={cn('flex h-16 shrink-0 items-center', collapsed ? 'justify-center px-2' : 'px-5')}>
        <Brand showText={!collapsed} />
      </div>
      <div className={cn('shrink-0 pb-2', collapsed ? 'px-2' : 'px-3')}>
        <WorkspaceSwitcher collapsed={collapsed} />
      </div>
      <button
        type="button"
        onClick={() => setUserCollapsed((c) => !c)}
        disabled={forced}
        aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
        aria-expanded={!collapsed}
        title={forced ? 'The sidebar stays collapsed on this page' : undefined}
        className="absolute top-5 -right-3 z-10 flex size-6 cursor-pointer items-center justify-center rounded-full border bg-background text-muted-foreground shadow-sm outline-none transition-colors hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50"
      >
        <ChevronLeftIcon
          aria-hidden
          className={cn('size-3.5 transition-transform', collapsed && 'rotate-180')}
        />
      </button>
      <nav
        aria-label="Main"
        className={cn('flex-1 overflow-y-auto overflow-x-hidden py-3', collapsed ? 'px-2' : 'px-3')}
      >
        {collapsed ? (
          <SidebarCollapsedNav pathname={pathname} />
        ) : (
          <SidebarExpandedNav pathname={pathname} isOpen={isOpen} setGroupOpen={setGroupOpen} />
        )}
      </nav>
      <div className={cn('shrink-0 border-sidebar-border border-t', collapsed ? 'p-2' : 'p-3')}>
        <UserMenu collapsed={collapsed} />
      </div>
    </aside>
  );
}

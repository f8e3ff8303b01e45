import { MenuIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { Brand } from '@/components/brand';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { WorkspaceSwitcher } from '@/features/workspaces/workspace-switcher';
import { SidebarExpandedNav } from './sidebar-expanded-nav';
import { isGroupActive, NAV_GROUPS } from './sidebar-nav-config';
import { useOpenGroups } from './use-open-groups';
import { UserMenu } from './user-menu';

/**
 * Below md the sidebar would take most of a phone's width, so a top bar holds the brand and a menu button
 * that opens the same navigation in a sheet. Following a link closes it.
 */
export function MobileNav() {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const activeGroup = NAV_GROUPS.find((g) => isGroupActive(g, pathname));
  const { isOpen, setGroupOpen } = useOpenGroups(activeGroup);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new path is what closes the sheet.
  useEffect(() => setOpen(false), [pathname]);

  return (
    <div className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b bg-background px-4 md:hidden">
      <Sheet open={open} onOpenChange={setOpen}>
        <SheetTrigger asChild>
          <Button variant="ghost" size="icon" aria-label="Open menu">
            <MenuIcon aria-hidden />
          </Button>
        </SheetTrigger>
        <SheetContent className="bg-sidebar text-sidebar-foreground">
          <SheetTitle className="sr-only">Menu</SheetTitle>
          <SheetDescription className="sr-only">Every page of Prospector</SheetDescription>
          <div className="flex h-16 shrink-0 items-center px-5">
            <Brand />
          </div>
          <div className="shrink-0 px-3 pb-2">
            <WorkspaceSwitcher />
          </div>
          <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-3">
            <SidebarExpandedNav pathname={pathname} isOpen={isOpen} setGroupOpen={setGroupOpen} />
          </nav>
          <div className="shrink-0 border-sidebar-border border-t p-3">
            <UserMenu collapsed={false} />
          </div>
        </SheetContent>
      </Sheet>
      <Brand />
    </div>
  );
}

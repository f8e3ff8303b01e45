import { ChevronRightIcon } from 'lucide-react';
import { Collapsible } from 'radix-ui';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { SidebarLink } from './sidebar-link';
import { isItemActive, NAV_GROUPS, type NavLinkGroup } from './sidebar-nav-config';

const groupHeader =
  'flex w-full items-center gap-3 rounded-md px-3 py-2 font-semibold text-[11px] tracking-wider text-muted-foreground';

function LinkGroup({
  group,
  pathname,
  open,
  onOpenChange,
}: {
  group: NavLinkGroup;
  pathname: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const Icon = group.icon;
  return (
    <Collapsible.Root open={open} onOpenChange={onOpenChange} data-testid={`sidebar-group-${group.id}`}>
      <Collapsible.Trigger
        className={cn(
          groupHeader,
          'cursor-pointer outline-none transition-colors hover:bg-sidebar-accent/70 hover:text-sidebar-accent-foreground focus-visible:ring-[3px] focus-visible:ring-sidebar-ring/50',
        )}
      >
        <Icon className="size-4 shrink-0" aria-hidden />
        <span className="flex-1 truncate text-left">{group.label}</span>
        <ChevronRightIcon
          aria-hidden
          className={cn('size-4 shrink-0 transition-transform duration-200', open && 'rotate-90')}
        />
      </Collapsible.Trigger>
      <Collapsible.Content className="overflow-hidden">
        <ul className="mt-1 ml-5 space-y-1 border-sidebar-border border-l pl-2">
          {group.items.map((item) => (
            <li key={item.href}>
              <SidebarLink item={item} active={isItemActive(item, pathname)} />
            </li>
          ))}
        </ul>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}

/** The full-width navigation: collapsible groups, REPORTS marked coming soon, two top-level links. */
export function SidebarExpandedNav({
  pathname,
  isOpen,
  setGroupOpen,
}: {
  pathname: string;
  isOpen: (id: string) => boolean;
  setGroupOpen: (id: string, open: boolean) => void;
}) {
  return (
    <ul className="space-y-1">
      {NAV_GROUPS.map((group) => (
        <li key={group.id}>
          {group.kind === 'group' && (
            <LinkGroup
              group={group}
              pathname={pathname}
              open={isOpen(group.id)}
              onOpenChange={(open) => setGroupOpen(group.id, open)}
            />
          )}
          {group.kind === 'coming-soon' && (
            <div
              className={cn(groupHeader, 'text-muted-foreground')}
              data-testid={`sidebar-group-${group.id}`}
            >
              <group.icon className="size-4 shrink-0" aria-hidden />
              <span className="flex-1 truncate">{group.label}</span>
              <Badge variant="secondary" className="font-medium text-[10px] tracking-normal">
                Coming soon
              </Badge>
            </div>
          )}
          {group.kind === 'link' && (
            <SidebarLink
              item={{ ...group.item, icon: group.icon }}
              label={group.label}
              active={isItemActive(group.item, pathname)}
              className="font-semibold text-[11px] tracking-wider"
            />
          )}
        </li>
      ))}
    </ul>
  );
}

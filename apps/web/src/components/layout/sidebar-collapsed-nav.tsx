import type * as React from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { HoverCard, HoverCardContent, HoverCardTrigger } from '@/components/ui/hover-card';
import { cn } from '@/lib/utils';
import { SidebarLink } from './sidebar-link';
import { isGroupActive, isItemActive, NAV_GROUPS, type NavGroup } from './sidebar-nav-config';

/** Spec section 9: the collapsed sidebar's hover cards open after 100 ms and close after 50 ms. */
const OPEN_DELAY_MS = 100;
const CLOSE_DELAY_MS = 50;

const iconButton =
  'flex size-11 items-center justify-center rounded-md outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-sidebar-ring/50';

/** Spreads the HoverCard trigger's props (handlers, ref, data-state) onto the link or icon. */
function GroupTrigger({
  group,
  active,
  className,
  ...props
}: { group: NavGroup; active: boolean } & React.ComponentProps<'a'>) {
  const Icon = group.icon;
  const tone = active
    ? 'bg-sidebar-accent text-sidebar-accent-foreground'
    : 'text-muted-foreground hover:bg-sidebar-accent/70 hover:text-sidebar-accent-foreground';
  if (group.kind === 'coming-soon') {
    return (
      <span
        {...(props as React.ComponentProps<'span'>)}
        role="img"
        aria-label={`${group.label} (coming soon)`}
        className={cn(iconButton, tone, 'opacity-60', className)}
      >
        <Icon className="size-5" aria-hidden />
      </span>
    );
  }
  const href = group.kind === 'link' ? group.item.href : group.items[0]!.href;
  return (
    <Link
      {...props}
      to={href}
      aria-label={group.label}
      aria-current={active ? 'page' : undefined}
      className={cn(iconButton, tone, className)}
    >
      <Icon className="size-5" aria-hidden />
    </Link>
  );
}

function GroupCardBody({ group, pathname }: { group: NavGroup; pathname: string }) {
  if (group.kind === 'coming-soon') {
    return (
      <Badge variant="secondary" className="mx-3 mb-1">
        Coming soon
      </Badge>
    );
  }
  const items = group.kind === 'link' ? [group.item] : group.items;
  return (
    <ul className="space-y-1">
      {items.map((item) => (
        <li key={item.href}>
          <SidebarLink item={item} active={isItemActive(item, pathname)} />
        </li>
      ))}
    </ul>
  );
}

/** Icons only; hovering (or focusing) a group's icon opens a card listing its links. */
export function SidebarCollapsedNav({ pathname }: { pathname: string }) {
  return (
    <ul className="flex flex-col items-center gap-1">
      {NAV_GROUPS.map((group) => (
        <li key={group.id} data-testid={`sidebar-group-${group.id}`}>
          <HoverCard openDelay={OPEN_DELAY_MS} closeDelay={CLOSE_DELAY_MS}>
            <HoverCardTrigger asChild>
              <GroupTrigger group={group} active={isGroupActive(group, pathname)} />
            </HoverCardTrigger>
            <HoverCardContent
              side="right"
              align="start"
              sideOffset={12}
              className="w-56 p-2"
              data-testid={`sidebar-hover-card-${group.id}`}
            >
              <p className="px-3 pt-1 pb-2 font-semibold text-[11px] text-muted-foreground tracking-wider">
                {group.label}
              </p>
              <GroupCardBody group={group} pathname={pathname} />
            </HoverCardContent>
          </HoverCard>
        </li>
      ))}
    </ul>
  );
}

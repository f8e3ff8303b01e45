import { Link } from 'react-router';
import { InboxUnreadCount } from '@/features/inbox/inbox-unread-count';
import { usePreloadOnIntent } from '@/lib/route-preload';
import { cn } from '@/lib/utils';
import type { NavItem } from './sidebar-nav-config';

const base =
  'flex items-center gap-3 rounded-md px-3 py-2 text-sm outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-sidebar-ring/50';

/**
 * A sidebar link; the current page is highlighted and marked aria-current="page". Pointing at it or focusing
 * it preloads its page.
 */
export function SidebarLink({
  item,
  active,
  label = item.label,
  className,
}: {
  item: NavItem;
  active: boolean;
  label?: string;
  className?: string;
}) {
  const Icon = item.icon;
  const preload = usePreloadOnIntent(item.href);
  return (
    <Link
      to={item.href}
      {...preload}
      aria-current={active ? 'page' : undefined}
      data-active={active}
      className={cn(
        base,
        active
          ? 'bg-sidebar-accent font-medium text-sidebar-accent-foreground'
          : 'text-muted-foreground hover:bg-sidebar-accent/70 hover:text-sidebar-accent-foreground',
        className,
      )}
    >
      <Icon className="size-4 shrink-0" aria-hidden />
      <span className="truncate">{label}</span>
      {item.count === 'inbox-unread' && <InboxUnreadCount />}
    </Link>
  );
}

import { useUnreadCount } from './inbox-queries';

/** The number of unread conversations beside the sidebar's Inbox link; refreshed every 30 seconds. */
export function InboxUnreadCount() {
  const { data } = useUnreadCount();
  const count = data?.count ?? 0;
  if (!count) return null;
  return (
    <span
      className="ml-auto rounded-full bg-primary px-1.5 py-0.5 font-semibold text-[10px] text-primary-foreground leading-none"
      data-testid="inbox-unread-count"
    >
      {count > 99 ? '99+' : count}
      <span className="sr-only"> unread</span>
    </span>
  );
}

import type { ConversationSummary, InboxLabel } from '@prospector/contracts';
import { cn } from '@/lib/utils';
import { browserTimeZone, clockText, dayText } from '@/lib/zoned-time';
import { LeadStatusBadge } from './lead-status-badge';

/** Today's messages by their time and zone ("4:44 PM CET"), older ones by their day ("yesterday", "Mon 23 Nov"). */
const formatShort = (iso: string) => {
  const at = new Date(iso);
  const timeZone = browserTimeZone();
  const day = dayText(at, new Date(), timeZone);
  return day === 'today' ? clockText(at, timeZone) : day.charAt(0).toUpperCase() + day.slice(1);
};

/** One conversation in the list: unread dot, contact and company, snippet, time, status, where it came from. */
export function ConversationRow({
  conversation,
  labels,
  highlighted,
  open,
  checked,
  onCheck,
  onOpen,
}: {
  conversation: ConversationSummary;
  labels: InboxLabel[];
  highlighted: boolean;
  open: boolean;
  checked: boolean;
  /** Without it the row has no select box (a viewer has nothing to do with a selection). */
  onCheck?: (checked: boolean) => void;
  onOpen: () => void;
}) {
  const who = conversation.contactName || conversation.contactEmail || 'Unknown sender';
  const context = [
    conversation.sequence?.name,
    conversation.step && `step ${conversation.step.order}`,
    conversation.mailbox?.email,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <li
      data-conversation-id={conversation.id}
      data-highlighted={highlighted}
      aria-current={open ? 'true' : undefined}
      className={cn(
        'flex gap-2 border-b px-3 py-2.5 last:border-b-0',
        highlighted && 'bg-accent',
        open && 'border-l-2 border-l-primary',
      )}
    >
      {onCheck && (
        <input
          type="checkbox"
          className="mt-1 size-4 accent-primary"
          aria-label={`Select the conversation with ${who}`}
          checked={checked}
          onChange={(event) => onCheck(event.target.checked)}
        />
      )}
      <button
        type="button"
        onClick={onOpen}
        className="min-w-0 flex-1 text-left outline-none focus-visible:underline"
      >
        <span className="flex items-center gap-2">
          <span
            className={cn(
              'size-2 shrink-0 rounded-full',
              conversation.unread ? 'bg-primary' : 'bg-transparent',
            )}
            aria-hidden
          />
          {conversation.unread && <span className="sr-only">Unread</span>}
          <span className={cn('truncate text-sm', conversation.unread && 'font-semibold')}>{who}</span>
          {conversation.company && (
            <span className="truncate text-muted-foreground text-xs">{conversation.company}</span>
          )}
          <time
            dateTime={conversation.lastMessageAt}
            className="ml-auto shrink-0 text-muted-foreground text-xs"
          >
            {formatShort(conversation.lastMessageAt)}
          </time>
        </span>
        <span className="mt-0.5 line-clamp-2 pl-4 text-muted-foreground text-xs">
          {conversation.snippet || conversation.subject}
        </span>
        <span className="mt-1 flex items-center gap-2 pl-4">
          <LeadStatusBadge
            status={conversation.leadStatus}
            labels={labels}
            reason={conversation.leadStatusReason}
          />
          {context && <span className="truncate text-[11px] text-muted-foreground">{context}</span>}
        </span>
      </button>
    </li>
  );
}

import type { EmailSendView } from './email-send-view';
import { useQueueStatus } from './use-email-sends';

/**
 * Emails that have not gone out are not in All Statuses (the spec's filter is about sent emails), so the
 * page says how many are scheduled, waiting, paused or failed, each a shortcut to its view.
 */
export function UnsentSummary({ onView }: { onView: (view: EmailSendView) => void }) {
  const { data } = useQueueStatus();
  if (!data) return null;
  const items: { view: EmailSendView; count: number; label: string; className: string }[] = [
    { view: 'scheduled', count: data.scheduledSends, label: 'scheduled', className: 'text-violet-800' },
    { view: 'waiting', count: data.waitingSends, label: 'waiting', className: 'text-amber-900' },
    { view: 'paused', count: data.pausedSends, label: 'paused', className: 'text-slate-700' },
    { view: 'failed', count: data.failedSends, label: 'failed', className: 'text-red-800' },
  ];
  const shown = items.filter((item) => item.count > 0);
  if (shown.length === 0) return null;
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm" data-testid="unsent-summary">
      <span className="text-muted-foreground">Not sent yet:</span>
      {shown.map((item) => (
        <button
          key={item.view}
          type="button"
          className={`font-medium underline-offset-4 hover:underline ${item.className}`}
          onClick={() => onView(item.view)}
        >
          {item.count} {item.label}
        </button>
      ))}
    </p>
  );
}

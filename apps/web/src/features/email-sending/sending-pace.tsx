import type { MailboxSendingStatus } from '@prospector/contracts';
import { GaugeIcon } from 'lucide-react';
import { zonedTimeAfterVerb } from '@/lib/zoned-time';
import { paceText } from './pace-text';
import { useQueueStatus } from './use-email-sends';

function mailboxLine(mailbox: MailboxSendingStatus, now: string): string {
  const left = Math.max(0, mailbox.dailyLimit - mailbox.sentToday);
  const parts = [
    paceText(mailbox.minGapSeconds, mailbox.maxGapSeconds),
    `${left} of ${mailbox.dailyLimit} left in the last 24 hours`,
    `${mailbox.queued} queued`,
  ];
  if (mailbox.pausedReason) parts.push(`paused: ${mailbox.pausedReason}`);
  else if (mailbox.status !== 'connected') parts.push('needs to be reconnected');
  else if (mailbox.nextSendAt && mailbox.nextSendAt > now) {
    // Only while its gap or its daily limit holds it back; otherwise its emails go at their own time.
    parts.push(`can send again ${zonedTimeAfterVerb(mailbox.nextSendAt, { now: new Date(now) })}`);
  }
  return parts.join(' · ');
}

/**
 * Why scheduled emails go out after their due time: each mailbox sends one email at a time with a random
 * gap, within its daily limit, so emails due together leave one after another. Shown while any is queued.
 */
export function SendingPace() {
  const { data } = useQueueStatus();
  const busy = data?.mailboxes.filter((mailbox) => mailbox.queued > 0) ?? [];
  if (busy.length === 0) return null;
  return (
    <section
      aria-label="Sending pace"
      data-testid="sending-pace"
      className="flex gap-3 rounded-lg border bg-muted/40 px-4 py-3 text-sm"
    >
      <GaugeIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
      <div className="min-w-0 space-y-1">
        <p>
          Each mailbox sends one email at a time, with a random gap between two, up to its daily limit over a
          rolling 24 hours: emails due together go out one after another, at the expected time shown.
        </p>
        <ul className="space-y-0.5 text-muted-foreground">
          {busy.map((mailbox) => (
            <li key={mailbox.accountId} className="break-words">
              <span className="font-medium text-foreground">{mailbox.email}</span>:{' '}
              {mailboxLine(mailbox, data?.generatedAt ?? '')}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

import type { EnrolmentCounts } from '@prospector/contracts';
import { formatCount } from './analytics-format';

const CARDS: { key: keyof EnrolmentCounts; label: string; hint: string }[] = [
  { key: 'enrolled', label: 'Enrolled', hint: 'Contacts ever enrolled' },
  { key: 'active', label: 'Active', hint: 'Still moving through the steps' },
  { key: 'completed', label: 'Completed', hint: 'Reached the end' },
  { key: 'replied', label: 'Ended by reply', hint: 'Enrolments a reply ended' },
  { key: 'unsubscribed', label: 'Unsubscribed', hint: 'Asked for no more emails' },
  { key: 'bounced', label: 'Bounced', hint: 'The address does not exist' },
  { key: 'stopped', label: 'Stopped', hint: 'Stopped by the blacklist rule (too many unopened emails)' },
  { key: 'failed', label: 'Failed', hint: 'An email could not be sent: see Email Sending, Failed' },
  { key: 'paused', label: 'Paused', hint: 'Waiting while paused' },
];

/** The enrolment counts, one card each, so they add up to Enrolled (Paused only when there are any). */
export function EnrolmentCards({ enrolments }: { enrolments: EnrolmentCounts }) {
  const cards = CARDS.filter((card) => card.key !== 'paused' || enrolments.paused > 0);
  return (
    <dl className="grid grid-cols-[repeat(auto-fit,minmax(7.5rem,1fr))] gap-3" aria-label="Enrolments">
      {cards.map((card) => (
        <div key={card.key} className="rounded-lg border bg-card p-3" title={card.hint}>
          <dt className="text-muted-foreground text-xs">{card.label}</dt>
          <dd className="font-semibold text-2xl tabular-nums">{formatCount(enrolments[card.key])}</dd>
        </div>
      ))}
    </dl>
  );
}

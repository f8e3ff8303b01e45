import type { SequenceAnalytics } from '@prospector/contracts';
import { formatCount, formatRate } from './analytics-format';

type Totals = SequenceAnalytics['totals'];

type Figure =
  | 'sent'
  | 'delivered'
  | 'opened'
  | 'clicked'
  | 'replied'
  | 'interested'
  | 'positive'
  | 'bounced'
  | 'unsubscribed';

const CARDS: { key: Figure; label: string; hint: string }[] = [
  { key: 'sent', label: 'Sent', hint: 'Contacts sent at least one email' },
  { key: 'delivered', label: 'Delivered', hint: 'Contacts with an email that did not bounce' },
  { key: 'opened', label: 'Opened', hint: 'Contacts who opened, clicked or replied' },
  { key: 'clicked', label: 'Clicked', hint: 'Contacts who clicked a link' },
  { key: 'replied', label: 'Replied', hint: 'Contacts who replied to any email' },
  { key: 'interested', label: 'Interested', hint: 'Replied, then sorted Interested' },
  { key: 'positive', label: 'Positive replies', hint: 'Replied, then sorted Interested or Meeting booked' },
  { key: 'bounced', label: 'Bounced', hint: 'Contacts with a bounced email' },
  { key: 'unsubscribed', label: 'Unsubscribed', hint: 'Contacts who unsubscribed from an email' },
];

/**
 * The sequence's top figures: contacts, each counted once across all its emails, so a card is the union
 * of the steps below it. Rates are shares of the contacts sent.
 */
export function RecipientCards({ totals }: { totals: Totals }) {
  return (
    <section aria-labelledby="analytics-recipients" className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="analytics-recipients" className="font-medium text-sm">
          Contacts emailed
        </h3>
        <p className="text-muted-foreground text-xs">
          Each contact counts once, however many emails they got. A reply or a click counts as an open.
        </p>
      </div>
      <dl
        className="grid grid-cols-[repeat(auto-fit,minmax(7.5rem,1fr))] gap-3"
        aria-label="Contacts emailed"
      >
        {CARDS.map((card) => {
          const rate = card.key === 'sent' ? null : formatRate(totals[card.key] / totals.sent);
          return (
            <div key={card.key} className="rounded-lg border bg-card p-3" title={card.hint}>
              <dt className="text-muted-foreground text-xs">{card.label}</dt>
              <dd className="font-semibold text-2xl tabular-nums">{formatCount(totals[card.key])}</dd>
              {rate && <dd className="text-muted-foreground text-xs tabular-nums">{rate}</dd>}
            </div>
          );
        })}
      </dl>
      {totals.scheduled > 0 && (
        <p className="text-muted-foreground text-xs">
          {formatCount(totals.scheduled)} email{totals.scheduled === 1 ? ' is' : 's are'} waiting to go out.
        </p>
      )}
    </section>
  );
}

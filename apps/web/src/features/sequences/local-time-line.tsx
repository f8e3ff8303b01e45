import type { LocalTimeCoverage } from '@prospector/contracts';
import { countOf } from '../../lib/plural';

const contactsText = (n: number) => countOf(n, 'contact', 'contacts');

/** The launch's word on local time: who gets each step at its time in their own zone, who in the sequence's. */
export function LocalTimeLine({
  coverage,
  timezone,
}: {
  coverage: LocalTimeCoverage | null;
  timezone: string;
}) {
  if (!coverage) return null;
  return (
    <p data-testid="launch-local-time">
      <strong>{contactsText(coverage.recipient)}</strong> will get each email at the step's time in their own
      time zone
      {coverage.fallback > 0 && (
        <>
          ; <strong>{contactsText(coverage.fallback)}</strong> without a known zone at that time in {timezone}
        </>
      )}
      .
    </p>
  );
}

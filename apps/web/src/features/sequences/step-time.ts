import { formatClockTime, type Sequence, type SequenceStep } from '@prospector/contracts';
import { zoneAbbreviation } from '../../lib/zoned-time';

/**
 * "09:00 CET": a step's time in the sequence's zone (its abbreviation today), or in each recipient's own
 * zone when the sequence sends at local time.
 */
export function stepTimeText(
  step: Pick<SequenceStep, 'sendHour' | 'sendMinute'>,
  sequence: Pick<Sequence, 'timezone' | 'useRecipientTimezone'>,
  now = new Date(),
): string {
  const clock = formatClockTime(step.sendHour, step.sendMinute);
  const zone = zoneAbbreviation(now, sequence.timezone);
  return sequence.useRecipientTimezone
    ? `${clock} in each recipient's zone (else ${zone})`
    : `${clock} ${zone}`;
}

import type { EnrolmentResult, EnrolmentSkipped } from '@prospector/contracts';
import { countOf } from '../../lib/plural';

const REASONS: Record<keyof EnrolmentSkipped, string> = {
  alreadyEnrolled: 'already enrolled',
  unsubscribed: 'unsubscribed',
  suppressed: 'suppressed',
  bounced: 'bounced',
  blacklisted: 'blacklisted',
  overLimit: 'over the contact limit',
  inOtherSequence: 'in another sequence',
};

/** "3 contacts enrolled" and, when any were skipped, "Skipped: 1 already enrolled, 2 unsubscribed". */
export function enrolmentSummary(result: EnrolmentResult): { enrolled: string; skipped: string | null } {
  const enrolled = `${countOf(result.enrolled, 'contact', 'contacts')} enrolled`;
  const parts = (Object.keys(REASONS) as (keyof EnrolmentSkipped)[])
    .filter((reason) => result.skipped[reason] > 0)
    .map((reason) => `${result.skipped[reason]} ${REASONS[reason]}`);
  return { enrolled, skipped: parts.length > 0 ? `Skipped: ${parts.join(', ')}` : null };
}

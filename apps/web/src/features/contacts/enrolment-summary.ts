import type { EnrolmentResult, EnrolmentSkipped } from '@prospector/contracts';

const REASONS: [keyof EnrolmentSkipped, string][] = [
  ['alreadyEnrolled', 'already enrolled'],
  ['unsubscribed', 'unsubscribed'],
  ['suppressed', 'suppressed'],
  ['bounced', 'bounced'],
  ['blacklisted', 'blacklisted'],
  ['overLimit', 'over the contact limit'],
];

/** "3 enrolled, 1 already enrolled, 2 blacklisted": the enrolled count and every non-zero skip reason. */
export function enrolmentSummary(result: EnrolmentResult): string {
  const parts = [`${result.enrolled} enrolled`];
  for (const [key, label] of REASONS) {
    const count = result.skipped[key];
    if (count > 0) parts.push(`${count} ${label}`);
  }
  return parts.join(', ');
}

import { createHash } from 'node:crypto';

/**
 * The option a `{{random|...}}` shows: a hash of the seed (the enrolment and step), the occurrence's place in
 * the template and its options, so a retry, a preview and the sent copy agree, and the picks spread evenly
 * across enrolments.
 */
export function pickOption(options: readonly string[], seed: string, occurrence: number): string {
  if (options.length <= 1) return options[0] ?? '';
  const digest = createHash('sha256')
    .update(`${seed}\u0000${occurrence}\u0000${options.join('\u0000')}`)
    .digest();
  return options[digest.readUInt32BE(0) % options.length] ?? '';
}

/** The spintax seed of one email: the same enrolment and step always pick the same options. */
export const spinSeedOf = (enrolmentId: string, stepId: string) => `${enrolmentId}:${stepId}`;

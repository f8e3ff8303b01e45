import { z } from 'zod';

export const MAX_CONTINUOUS_NOT_OPENS = { min: 1, max: 50, default: 3 } as const;

/** PUT /api/settings/contacts; the spec's messages (section 5). */
export const contactSettingsSchema = z.object({
  maxContinuousNotOpens: z
    .number({ error: 'Must be a whole number' })
    .int('Must be a whole number')
    .min(MAX_CONTINUOUS_NOT_OPENS.min, 'Must be at least 1')
    .max(MAX_CONTINUOUS_NOT_OPENS.max, 'Must be at most 50'),
  /** A reply stops the contact in every one of the user's sequences, not only the one answered (decision 026). */
  stopAllSequencesOnReply: z
    .boolean({ error: 'Stop all sequences on reply must be true or false' })
    .optional()
    .default(true),
});
export type ContactSettings = z.infer<typeof contactSettingsSchema>;

/** The form field: whatever was typed that is not a number becomes 1. */
export function parseNotOpensInput(value: string): number {
  const parsed = Number(value);
  return value.trim() === '' || Number.isNaN(parsed) ? MAX_CONTINUOUS_NOT_OPENS.min : parsed;
}

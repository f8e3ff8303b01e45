import { SUPPRESSION_REASONS, SUPPRESSION_SOURCES, V1_BATCH_STATUSES } from '@prospector/contracts';
import { z } from 'zod';
import { EXAMPLE_IDS, EXAMPLE_TIME, iso, text } from './v1-schemas';

/** Answer shapes of the contact batch and the suppression list (a two-way sync's operations). */
const id = z.uuid();

const itemError = z
  .object({
    code: z.string(),
    message: z.string(),
    errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  })
  .meta({ description: 'Why this item was not saved, as an error answer would say it' });

export const contactBatchSchema = z
  .object({
    results: z.array(
      z.object({
        index: z.number().int().meta({ description: 'The place of the item in `contacts`' }),
        status: z.enum(V1_BATCH_STATUSES),
        id: id.optional().meta({ description: "The contact's id, unless the item failed" }),
        suppressed: z
          .boolean()
          .optional()
          .meta({ description: 'The suppression list covers the address: it is never enrolled or emailed' }),
        changedFields: z
          .array(z.string())
          .optional()
          .meta({ description: 'For `updated`: the fields that changed' }),
        error: itemError.optional(),
      }),
    ),
  })
  .meta({
    description: 'One result per item, in the order of `contacts`.',
    examples: [
      {
        results: [
          { index: 0, status: 'created', id: EXAMPLE_IDS.contact, suppressed: false },
          {
            index: 1,
            status: 'updated',
            id: EXAMPLE_IDS.step,
            suppressed: false,
            changedFields: ['title'],
          },
          { index: 2, status: 'unchanged', id: EXAMPLE_IDS.event, suppressed: true },
          {
            index: 3,
            status: 'error',
            error: {
              code: 'VALIDATION_ERROR',
              message: 'Invalid email address',
              errors: [{ field: 'email', message: 'Invalid email address' }],
            },
          },
        ],
      },
    ],
  });

export const suppressionSchema = z
  .object({
    id,
    kind: z.enum(['address', 'domain']),
    value: z.string().meta({ description: 'The address or domain, in lower case' }),
    reason: z.enum(SUPPRESSION_REASONS),
    source: z.enum(SUPPRESSION_SOURCES),
    detail: text.meta({ description: "The bounce's status code, or the note given with it" }),
    createdAt: iso,
    label: z.string().meta({ description: "Why, in words: 'Hard bounce', 'Added by you'" }),
    liftable: z.boolean().meta({ description: 'Only what was added by hand (reason manual) can be lifted' }),
  })
  .meta({
    description:
      'An address or a whole domain that is never emailed: the contact unsubscribed, complained or ' +
      'bounced hard, or you added it.',
    examples: [
      {
        id: EXAMPLE_IDS.event,
        kind: 'domain',
        value: 'competitor.example',
        reason: 'manual',
        source: 'api',
        detail: 'Do not contact',
        createdAt: EXAMPLE_TIME,
        label: 'Added by you',
        liftable: true,
      },
    ],
  });

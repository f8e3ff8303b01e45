import { z } from 'zod';
import { contactCreateSchema } from './contacts';
import { v1PageQuerySchema } from './public-api';
import { addSuppressionSchema } from './suppressions';
import { TEXT_LIMITS } from './text-limits';

/** POST /api/v1/contacts/batch: at most this many contacts a request. */
export const V1_BATCH_MAX = 1000;
export const V1_BATCH_SIZE_MESSAGE = `contacts must hold 1 to ${V1_BATCH_MAX.toLocaleString('en-US')} contacts`;
export const V1_BATCH_REPEATED_EMAIL = (index: number) =>
  `This email is already at index ${index} of this batch`;
export const V1_BATCH_APOLLO_TAKEN = 'A contact with this Apollo ID already exists';

/** One contact of a batch: the fields of POST /contacts, without its list (the batch names one for all). */
export const v1ContactBatchItemSchema = contactCreateSchema.omit({ personaId: true }).strict();
export type V1ContactBatchItem = z.output<typeof v1ContactBatchItemSchema>;

const listId = z.uuid('Email list not found').optional();

/** The batch as documented: each item a contact. */
export const v1ContactBatchSchema = z
  .object({
    contacts: z
      .array(v1ContactBatchItemSchema)
      .min(1, V1_BATCH_SIZE_MESSAGE)
      .max(V1_BATCH_MAX, V1_BATCH_SIZE_MESSAGE),
    listId,
  })
  .strict();

/** The batch as parsed: the envelope first, then each item alone, so one bad item fails only itself. */
export const v1ContactBatchEnvelopeSchema = z
  .object({
    contacts: z
      .array(z.unknown(), { error: V1_BATCH_SIZE_MESSAGE })
      .min(1, V1_BATCH_SIZE_MESSAGE)
      .max(V1_BATCH_MAX, V1_BATCH_SIZE_MESSAGE),
    listId,
  })
  .strict();

export const V1_BATCH_STATUSES = ['created', 'updated', 'unchanged', 'error'] as const;
export type V1BatchStatus = (typeof V1_BATCH_STATUSES)[number];

export interface V1BatchError {
  code: string;
  message: string;
  errors?: { field: string; message: string }[];
}

export interface V1BatchResult {
  index: number;
  status: V1BatchStatus;
  id?: string;
  /** The suppression list covers the address: the contact is never enrolled or emailed. */
  suppressed?: boolean;
  /** The fields an update changed, in the API's names. */
  changedFields?: string[];
  error?: V1BatchError;
}

const isoTime = (label: string) =>
  z
    .string()
    .trim()
    .refine((value) => !Number.isNaN(Date.parse(value)), `${label} must be an ISO 8601 time`)
    .meta({ format: 'date-time' })
    .transform((value) => new Date(value))
    .optional();

/**
 * GET /api/v1/contacts: newest first; `email` finds the one contact at an address (any case);
 * `updatedSince` lists those changed at or after a time, oldest change first, for a sync.
 */
export const v1ContactsQuerySchema = v1PageQuerySchema
  .extend({
    email: z.string().trim().min(1, 'email must not be empty').max(TEXT_LIMITS.email).optional(),
    updatedSince: isoTime('updatedSince'),
  })
  .strict();
export type V1ContactsQuery = z.output<typeof v1ContactsQuerySchema>;

/** POST /api/v1/suppressions. */
export const v1SuppressionCreateSchema = addSuppressionSchema.strict();

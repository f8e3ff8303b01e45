import { z } from 'zod';
import { TEXT_LIMITS } from './text-limits';

/** The resource families a key may be given read or write access to. */
export const API_SCOPE_FAMILIES = [
  'contacts',
  'sequences',
  'templates',
  'sends',
  'inbox',
  'webhooks',
  'suppressions',
] as const;
export type ApiScopeFamily = (typeof API_SCOPE_FAMILIES)[number];
/** What a key may do with each family: sent emails and replies are only read. */
export const API_SCOPE_ACCESS = {
  contacts: ['read', 'write'],
  sequences: ['read', 'write'],
  templates: ['read', 'write'],
  sends: ['read'],
  inbox: ['read', 'write'],
  webhooks: ['read', 'write'],
  suppressions: ['read', 'write'],
} as const satisfies Record<ApiScopeFamily, readonly ('read' | 'write')[]>;
type ScopeOf<F extends ApiScopeFamily> = `${F}:${(typeof API_SCOPE_ACCESS)[F][number]}`;
export type ApiScope = { [F in ApiScopeFamily]: ScopeOf<F> }[ApiScopeFamily];
export const API_SCOPES = API_SCOPE_FAMILIES.flatMap((family) =>
  API_SCOPE_ACCESS[family].map((access) => `${family}:${access}` as ApiScope),
) as [ApiScope, ...ApiScope[]];

/** What each family covers, as the settings page explains it. */
export const API_SCOPE_LABELS: Record<ApiScopeFamily, string> = {
  contacts: 'Contacts and email lists',
  sequences: 'Sequences, their steps and enrolments',
  templates: 'Email templates',
  sends: 'Sent emails, their events and replies',
  inbox: 'Inbox conversations, and answering them',
  webhooks: 'Webhook endpoints',
  suppressions: 'The suppression list',
};

export const API_KEY_NAME_REQUIRED = 'Name is required';
export const API_KEY_SCOPES_REQUIRED = 'Choose at least one scope';

/** POST /api/api-keys. */
export const apiKeyCreateSchema = z.object({
  name: z
    .string({ error: API_KEY_NAME_REQUIRED })
    .trim()
    .min(1, API_KEY_NAME_REQUIRED)
    .max(TEXT_LIMITS.name, `Name is too long (at most ${TEXT_LIMITS.name} characters)`),
  scopes: z
    .array(z.enum(API_SCOPES, { error: `Scopes must be among ${API_SCOPES.join(', ')}` }), {
      error: API_KEY_SCOPES_REQUIRED,
    })
    .min(1, API_KEY_SCOPES_REQUIRED)
    .max(API_SCOPES.length),
});
export type ApiKeyCreateInput = z.input<typeof apiKeyCreateSchema>;

/** An API key as listed: never the key itself. */
export interface ApiKeyView {
  id: string;
  name: string;
  prefix: string;
  scopes: ApiScope[];
  createdAt: string;
  lastUsedAt: string | null;
}

/** POST /api/api-keys answer: the only time the full key is shown. */
export interface ApiKeyCreated extends ApiKeyView {
  key: string;
}

/** Requests per minute a key may make before a 429. */
export const API_KEY_RATE_LIMIT = { max: 120, windowMs: 60_000 } as const;

/**
 * Failed authentications (no key, or an unknown or revoked one) a client address may make a minute;
 * beyond, its unauthenticated requests are answered 429.
 */
export const API_AUTH_FAILURE_LIMIT = { max: 20, windowMs: 60_000 } as const;

/** Cursor pagination of /api/v1 lists. */
export const V1_PAGE_SIZE = 50;
export const v1PageQuerySchema = z.object({
  cursor: z.string().trim().max(200, 'Cursor is too long').optional(),
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(100, 'Limit must be at most 100')
    .default(V1_PAGE_SIZE),
});
export type V1PageQuery = z.output<typeof v1PageQuerySchema>;

export interface V1Page<T> {
  data: T[];
  /** Pass as `cursor` to get the next page; null on the last page. */
  nextCursor: string | null;
}

/** What /api/v1/sends filters by: the send's state and when it was (or will be) sent. */
export const V1_SEND_STATES = ['scheduled', 'sending', 'sent', 'failed', 'cancelled'] as const;
const isoTime = (label: string) =>
  z
    .string()
    .trim()
    .refine((value) => !Number.isNaN(Date.parse(value)), `${label} must be an ISO 8601 time`)
    .transform((value) => new Date(value))
    .optional()
    .meta({ format: 'date-time' });
export const v1SendsQuerySchema = v1PageQuerySchema.extend({
  status: z.enum(V1_SEND_STATES, { error: `Status must be one of ${V1_SEND_STATES.join(', ')}` }).optional(),
  since: isoTime('since'),
  until: isoTime('until'),
  sequenceId: z.uuid('Sequence not found').optional(),
});
export type V1SendsQuery = z.output<typeof v1SendsQuerySchema>;

/** A sent or scheduled email as the public API lists it. */
export interface V1Send {
  id: string;
  sequenceId: string;
  stepId: string | null;
  contactId: string;
  contactEmail: string;
  subject: string;
  state: (typeof V1_SEND_STATES)[number];
  scheduledFor: string;
  sentAt: string | null;
  openedAt: string | null;
  /** A person's first click on a tracked link (scanners' clicks are not counted). */
  clickedAt: string | null;
  repliedAt: string | null;
  bouncedAt: string | null;
  lastError: string | null;
}

/** GET /api/v1/replies: a page of replies, automatic replies too when asked for. */
export const v1RepliesQuerySchema = v1PageQuerySchema.extend({
  includeAutoReplies: z
    .enum(['true', 'false'], { message: 'includeAutoReplies must be true or false' })
    .optional()
    .transform((value) => value === 'true'),
});

/** POST /api/v1/lists/{id}/contacts. */
export const v1ListMemberSchema = z.object({ contactId: z.uuid('Contact not found') });

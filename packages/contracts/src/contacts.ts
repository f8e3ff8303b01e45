import { z } from 'zod';
import { customFieldsSchema } from './custom-fields';
import { LEAD_STATUS_MESSAGE, type LeadStatus, type LeadStatusSource, leadStatusSchema } from './inbox';
import { boundedJsonObject, FREE_JSON_LIMITS } from './json-limits';
import type { ContactSuppression } from './suppressions';
import { TEXT_LIMITS } from './text-limits';
import { optionalTimezone, type TimezoneSource } from './time-zones';
import type { UnsubscribeSource } from './unsubscribe';

// Spec section 5: "Contact edit: email required ('Email address is required'); create form in list
// detail: 'Email is required'."
export const CONTACT_EMAIL_REQUIRED = 'Email is required';
export const CONTACT_EDIT_EMAIL_REQUIRED = 'Email address is required';
export const INVALID_EMAIL = 'Invalid email address';
/** Spec section 8: a 409 with code DUPLICATE_EMAIL reads as this toast. */
export const DUPLICATE_CONTACT_EMAIL = 'This email address already exists';

const emailField = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(TEXT_LIMITS.email, 'Email is too long')
    .email(INVALID_EMAIL);

/** An optional text field: trimmed, empty becomes null, bounded so a hostile body stays small. */
export const optionalText = (label: string, max = 500) =>
  z
    .string()
    .trim()
    .max(max, `${label} is too long (at most ${max} characters)`)
    .nullish()
    .transform((value) => (value ? value : null));

/** Maximum length of each contact text field; the API and the contact forms both use these. */
export const CONTACT_TEXT_LIMITS = {
  email: TEXT_LIMITS.email,
  firstName: 200,
  lastName: 200,
  name: 400,
  title: 500,
  organizationName: 500,
  headline: 1000,
  city: 200,
  state: 200,
  country: 200,
  linkedinUrl: 1000,
  apolloId: 200,
  industry: 200,
  timezone: 64,
  tag: 100,
} as const;
const limit = CONTACT_TEXT_LIMITS;

const contactFields = {
  firstName: optionalText('First name', limit.firstName),
  lastName: optionalText('Last name', limit.lastName),
  name: optionalText('Name', limit.name),
  title: optionalText('Title', limit.title),
  organizationName: optionalText('Organization', limit.organizationName),
  headline: optionalText('Headline', limit.headline),
  city: optionalText('City', limit.city),
  state: optionalText('State', limit.state),
  country: optionalText('Country', limit.country),
  linkedinUrl: optionalText('LinkedIn URL', limit.linkedinUrl),
  apolloId: optionalText('Apollo ID', limit.apolloId),
  industry: optionalText('Industry', limit.industry),
  timezone: optionalTimezone,
};

const tags = z
  .array(z.string().trim().min(1).max(limit.tag, 'A tag is too long'))
  .max(50, 'At most 50 tags')
  .optional();
const metadata = boundedJsonObject('Metadata', FREE_JSON_LIMITS.contactMetadata).optional();

/** POST /api/contacts and the list detail's create form. */
export const contactCreateSchema = z.object({
  email: emailField(CONTACT_EMAIL_REQUIRED),
  ...contactFields,
  personaId: z.string().uuid('Email list not found').nullish(),
  tags,
  metadata,
  customFields: customFieldsSchema.optional(),
});
export type ContactCreateInput = z.input<typeof contactCreateSchema>;
export type ContactCreateValues = z.output<typeof contactCreateSchema>;

/** PATCH /api/contacts/{id} and the edit dialog: any field; the email, when sent, must be filled in. */
export const contactUpdateSchema = z
  .object({
    email: emailField(CONTACT_EDIT_EMAIL_REQUIRED),
    ...contactFields,
    suppressed: z.boolean().optional(),
    unsubscribed: z.boolean().optional(),
    tags,
    /** Replaces the contact's custom fields. */
    customFields: customFieldsSchema,
  })
  .partial();
export type ContactUpdateInput = z.input<typeof contactUpdateSchema>;
export type ContactUpdateValues = z.output<typeof contactUpdateSchema>;

export const CONTACT_STATUS_FILTERS = ['all', 'active', 'unsubscribed', 'suppressed'] as const;
export type ContactStatusFilter = (typeof CONTACT_STATUS_FILTERS)[number];
export type ContactStatus = Exclude<ContactStatusFilter, 'all'>;

/** Spec section 9: 20 a page, newest first by default. */
export const CONTACTS_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

const positiveInt = (fallback: number, max?: number) =>
  z.coerce
    .number({ error: 'Must be a number' })
    .int('Must be a whole number')
    .min(1, 'Must be at least 1')
    .max(max ?? Number.MAX_SAFE_INTEGER, `Must be at most ${max}`)
    .default(fallback);

/** A text search over name, email, company and title; empty means none. */
const contactSearch = z
  .string()
  .trim()
  .max(TEXT_LIMITS.searchText, 'Search text is too long')
  .optional()
  .transform((value) => value || undefined);

/** GET /api/contacts?page&limit&sortBy&sortOrder&statusFilter&industryFilter&leadStatusFilter&search&personaId. */
export const contactListQuerySchema = z.object({
  page: positiveInt(1, 1_000_000),
  limit: positiveInt(CONTACTS_PAGE_SIZE, MAX_PAGE_SIZE),
  sortBy: z.enum(['createdAt'], { error: 'Contacts can only be sorted by createdAt' }).default('createdAt'),
  sortOrder: z.enum(['asc', 'desc'], { error: 'Sort order must be asc or desc' }).default('desc'),
  statusFilter: z
    .enum(CONTACT_STATUS_FILTERS, { error: 'Status filter must be all, active, unsubscribed or suppressed' })
    .default('all'),
  industryFilter: z
    .string()
    .trim()
    .max(TEXT_LIMITS.searchText, 'Industry filter is too long')
    .optional()
    .transform((value) => (value && value !== 'all' ? value : undefined)),
  /** A lead status from the Inbox (interested, ..., label:<id>); 'all' or empty for any. */
  leadStatusFilter: z
    .union([leadStatusSchema, z.literal('all'), z.literal('')], { message: LEAD_STATUS_MESSAGE })
    .optional()
    .transform((value) => (value && value !== 'all' ? value : undefined)),
  search: contactSearch,
  /** Only the contacts of this email list; 'all' or empty for every list. */
  personaId: z
    .union([z.string().uuid('Email list not found'), z.literal('all'), z.literal('')])
    .optional()
    .transform((value) => (value && value !== 'all' ? value : undefined)),
});
export type ContactListQuery = z.output<typeof contactListQuerySchema>;

/** GET /api/personas/{id}/contacts?page&limit. */
export const pageQuerySchema = z.object({
  page: positiveInt(1, 1_000_000),
  limit: positiveInt(CONTACTS_PAGE_SIZE, MAX_PAGE_SIZE),
});
export type PageQuery = z.output<typeof pageQuerySchema>;

/** GET /api/personas/{id}/contacts?page&limit&search. */
export const personaContactsQuerySchema = pageQuerySchema.extend({ search: contactSearch });
export type PersonaContactsQuery = z.output<typeof personaContactsQuerySchema>;

export interface ContactOrganizationView {
  name?: string | null;
  industry?: string | null;
  [key: string]: unknown;
}

/** A contact as the API returns it. `status` is the display status of spec section 4. */
export interface Contact {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  name: string | null;
  apolloId: string | null;
  linkedinUrl: string | null;
  title: string | null;
  organizationName: string | null;
  headline: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  /** The zone the user gave (IANA), or null. */
  timezone: string | null;
  /** The zone the contact's emails are timed in: the given one, else the one its city or country tells. */
  effectiveTimezone: string | null;
  timezoneSource: TimezoneSource | null;
  organization: ContactOrganizationView | null;
  suppressed: boolean;
  unsubscribed: boolean;
  /** Who unsubscribed the contact and how, and when (ISO); null while subscribed. */
  unsubscribeSource: UnsubscribeSource | null;
  unsubscribedAt: string | null;
  hardBounced: boolean;
  /**
   * The entry of the suppression list that covers the address (why it is never emailed), on the answers
   * about one contact; absent from lists of contacts.
   */
  suppression?: ContactSuppression | null;
  notOpenedStreak: number;
  tags: string[];
  metadata: Record<string, unknown>;
  /** Values under lower-case keys, each a template variable ({{icebreaker}}). */
  customFields: Record<string, string>;
  personaId: string | null;
  personaIndustry: string | null;
  status: ContactStatus;
  industry: string | null;
  /** What the lead said (the Inbox), who set it and why. */
  leadStatus: LeadStatus | null;
  leadStatusSource: LeadStatusSource | null;
  leadStatusReason: string | null;
  leadStatusAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ContactStats {
  active: number;
  suppressed: number;
  unsubscribed: number;
}

/**
 * A search counts its matches up to this many: beyond it the total is this number and `totalIsExact` is
 * false (the page shows "1,000+").
 */
export const SEARCH_COUNT_CAP = 1000;

export interface ContactListResponse {
  contacts: Contact[];
  total: number;
  /** False when a search matched more than SEARCH_COUNT_CAP contacts: `total` is then a lower bound. */
  totalIsExact: boolean;
  stats: ContactStats;
}

/** GET /api/personas/{id}/contacts. */
export interface PersonaContactsResponse {
  contacts: Contact[];
  total: number;
  /** False when a search matched more than SEARCH_COUNT_CAP contacts: `total` is then a lower bound. */
  totalIsExact: boolean;
  page: number;
  limit: number;
}

/** Spec section 4: Suppressed, else Unsubscribed, else Active. */
export function contactDisplayStatus(contact: Pick<Contact, 'suppressed' | 'unsubscribed'>) {
  if (contact.suppressed) return 'Suppressed';
  if (contact.unsubscribed) return 'Unsubscribed';
  return 'Active';
}

/** Spec section 4: the Blacklisted badge shows when hardBounced is set or the tags hold 'blacklist'. */
export function isBlacklisted(contact: Pick<Contact, 'hardBounced' | 'tags'>): boolean {
  return contact.hardBounced || contact.tags.includes('blacklist');
}

/** Spec section 5: a new contact's name is 'first last', else the email. */
export function defaultContactName(input: {
  name?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  email: string;
}): string {
  if (input.name?.trim()) return input.name.trim();
  const full = [input.firstName, input.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return full || input.email;
}

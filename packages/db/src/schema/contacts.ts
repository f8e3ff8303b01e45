import { type SQL, sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { counter, createdAt, id, oneOf, tstz, updatedAt } from './columns';
import { ownerId } from './workspaces';

export const LEAD_STATUS_SOURCES = ['auto', 'user'] as const;
/**
 * Who unsubscribed a contact and how: the user in the app ('user') or through the public API ('api'), or
 * the contact themselves by the unsubscribe page, the one-click link, a complaint or a reply asking so.
 */
export const UNSUBSCRIBE_SOURCES = ['user', 'api', 'page', 'one-click', 'complaint', 'reply'] as const;

export const CONTACT_STATUSES = ['active', 'unsubscribed', 'suppressed'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

/** Apollo's organization object, kept whole; `industry` feeds the contacts page filter. */
export interface ContactOrganization {
  name?: string | null;
  industry?: string | null;
  website_url?: string | null;
  logo_url?: string | null;
  [key: string]: unknown;
}

export interface EmploymentHistoryEntry {
  organization_name?: string | null;
  title?: string | null;
  start_date?: string | null;
  end_date?: string | null;
  current?: boolean | null;
  [key: string]: unknown;
}

export interface ContactMetadata {
  source?: 'apollo' | 'manual' | 'csv';
  [key: string]: unknown;
}

export const contacts = pgTable(
  'contacts',
  {
    id: id(),
    workspaceId: ownerId(),
    email: text('email').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    name: text('name'),
    apolloId: text('apollo_id'),
    linkedinUrl: text('linkedin_url'),
    title: text('title'),
    organizationName: text('organization_name'),
    headline: text('headline'),
    city: text('city'),
    state: text('state'),
    country: text('country'),
    /** IANA zone the user gave; when null the zone is told from the city or country (decision 027). */
    timezone: text('timezone'),
    organization: jsonb('organization').$type<ContactOrganization>(),
    employmentHistory: jsonb('employment_history').$type<EmploymentHistoryEntry[]>(),
    suppressed: boolean('suppressed').notNull().default(false),
    unsubscribed: boolean('unsubscribed').notNull().default(false),
    hardBounced: boolean('hard_bounced').notNull().default(false),
    /** Who unsubscribed the contact and how, and when; null while subscribed. */
    unsubscribeSource: text('unsubscribe_source', { enum: UNSUBSCRIBE_SOURCES }),
    unsubscribedAt: tstz('unsubscribed_at'),
    /** Consecutive sent emails without an open; reaching the user's maxContinuousNotOpens blacklists. */
    notOpenedStreak: counter('not_opened_streak'),
    /** Free tags; 'blacklist' marks a blacklisted contact. */
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    metadata: jsonb('metadata').$type<ContactMetadata>().notNull().default({}),
    /** Text values under lower-case keys, each a template variable ({{icebreaker}}); decision 025. */
    customFields: jsonb('custom_fields').$type<Record<string, string>>().notNull().default({}),
    /**
     * The email list the contact came in with (created in it, imported or found for it); membership is
     * persona_contacts. No foreign key (decision 044): deleting a list would rewrite every such contact.
     * Read it through contactColumns, which shows it only while the list exists.
     */
    personaId: uuid('persona_id'),
    personaIndustry: text('persona_industry'),
    /**
     * What the lead said (the Inbox): interested, meeting_booked, not_interested, out_of_office,
     * wrong_person, unsubscribe_request or label:<id>; null when none. Set by the classifier on arrival
     * ('auto') or by the user ('user'), whose choice a later classification never overwrites.
     */
    leadStatus: text('lead_status'),
    leadStatusSource: text('lead_status_source', { enum: LEAD_STATUS_SOURCES }),
    leadStatusReason: text('lead_status_reason'),
    leadStatusAt: tstz('lead_status_at'),
    /**
     * The display status of spec section 4, derived by PostgreSQL so the status filter is an indexed
     * equality: suppressed, else unsubscribed, else active.
     */
    status: text('status', { enum: CONTACT_STATUSES })
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`case when ${contacts.suppressed} then 'suppressed' when ${contacts.unsubscribed} then 'unsubscribed' else 'active' end`,
      ),
    /** The industry filter's value: the organization's industry, else the one the email list was for. */
    industry: text('industry').generatedAlwaysAs(
      (): SQL =>
        sql`coalesce(nullif(${contacts.organization} ->> 'industry', ''), ${contacts.personaIndustry})`,
    ),
    /**
     * The contact search's text (decision 023): name, email, company and title, lower case and without
     * accents, kept by PostgreSQL so its trigram index is on a plain column.
     */
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL =>
        sql`search_fold(coalesce(${contacts.name}, '') || ' ' || ${contacts.email} || ' ' || coalesce(${contacts.organizationName}, '') || ' ' || coalesce(${contacts.title}, ''))`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One contact per address and user, whatever the case; other users may hold the same address.
    uniqueIndex('contacts_user_email_key').on(t.workspaceId, sql`lower(${t.email})`),
    uniqueIndex('contacts_user_apollo_id_key').on(t.workspaceId, t.apolloId),
    // The contacts page: newest first, 20 a page, optionally filtered by status and/or industry.
    index('contacts_user_created_idx').on(t.workspaceId, t.createdAt, t.id),
    /** The public API's changes since a time, in the order they were made (a two-way sync). */
    index('contacts_user_updated_idx').on(t.workspaceId, t.updatedAt, t.id),
    index('contacts_user_status_created_idx').on(t.workspaceId, t.status, t.createdAt, t.id),
    index('contacts_user_industry_created_idx').on(t.workspaceId, t.industry, t.createdAt, t.id),
    // The contact search: a LIKE '%text%' on search_text (trigrams match anywhere in the text).
    index('contacts_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('contacts_persona_idx').on(t.personaId),
    index('contacts_user_lead_status_idx').on(t.workspaceId, t.leadStatus),
    oneOf('contacts_lead_status_source_check', t.leadStatusSource, LEAD_STATUS_SOURCES),
    oneOf('contacts_unsubscribe_source_check', t.unsubscribeSource, UNSUBSCRIBE_SOURCES),
  ],
);

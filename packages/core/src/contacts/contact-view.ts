import type { Contact, LeadStatus } from '@prospector/contracts';
import { type AppDb, contacts, personas } from '@prospector/db';
import { type AnyColumn, and, eq, type Placeholder, type SQL, type Subquery } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { contactTimezone } from '../timezones/infer-timezone';

export type ContactRow = typeof contacts.$inferSelect;

/**
 * The list a contact came in with, while that list exists: the column is no foreign key, so a deleted
 * list's id stays behind in it (decision 044). Every query that selects contactColumns left-joins it, by
 * selecting through contactsWithList or contactsOfPage below (or `.leftJoin(homeList, onHomeList)`).
 */
export const homeList = alias(personas, 'home_list');
export const onHomeList = and(
  eq(homeList.id, contacts.personaId),
  eq(homeList.workspaceId, contacts.workspaceId),
);

/** The columns a contact is shown with (all but the employment history, which no screen lists, and the search text). */
export const contactColumns = {
  id: contacts.id,
  email: contacts.email,
  firstName: contacts.firstName,
  lastName: contacts.lastName,
  name: contacts.name,
  apolloId: contacts.apolloId,
  linkedinUrl: contacts.linkedinUrl,
  title: contacts.title,
  organizationName: contacts.organizationName,
  headline: contacts.headline,
  city: contacts.city,
  state: contacts.state,
  country: contacts.country,
  timezone: contacts.timezone,
  organization: contacts.organization,
  suppressed: contacts.suppressed,
  unsubscribed: contacts.unsubscribed,
  unsubscribeSource: contacts.unsubscribeSource,
  unsubscribedAt: contacts.unsubscribedAt,
  hardBounced: contacts.hardBounced,
  notOpenedStreak: contacts.notOpenedStreak,
  tags: contacts.tags,
  metadata: contacts.metadata,
  customFields: contacts.customFields,
  personaId: homeList.id,
  personaIndustry: contacts.personaIndustry,
  status: contacts.status,
  industry: contacts.industry,
  leadStatus: contacts.leadStatus,
  leadStatusSource: contacts.leadStatusSource,
  leadStatusReason: contacts.leadStatusReason,
  leadStatusAt: contacts.leadStatusAt,
  createdAt: contacts.createdAt,
  updatedAt: contacts.updatedAt,
};

export type ContactListRow = Omit<ContactRow, 'workspaceId' | 'employmentHistory' | 'searchText'>;

export function toContact(row: ContactListRow): Contact {
  return {
    ...row,
    ...contactTimezone(row),
    organization: row.organization ?? null,
    tags: row.tags ?? [],
    metadata: row.metadata ?? {},
    customFields: row.customFields ?? {},
    leadStatus: row.leadStatus as LeadStatus | null,
    leadStatusAt: row.leadStatusAt?.toISOString() ?? null,
    unsubscribedAt: row.unsubscribedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** `select contactColumns from contacts` of the user's contacts that match `where`, with their list. */
export function contactsWithList(db: Pick<AppDb, 'select'>, workspaceId: string, where?: SQL) {
  return db
    .select(contactColumns)
    .from(contacts)
    .leftJoin(homeList, onHomeList)
    .where(and(eq(contacts.workspaceId, workspaceId), where));
}

/**
 * The user's contacts whose ids a page picked (`pageId`, a column of the page's subquery), with their
 * list: the rows the page skipped are neither read nor joined.
 */
export function contactsOfPage(
  db: Pick<AppDb, 'select'>,
  workspaceId: string | Placeholder,
  page: Subquery,
  pageId: AnyColumn,
) {
  return db
    .select(contactColumns)
    .from(page)
    .innerJoin(contacts, and(eq(contacts.id, pageId), eq(contacts.workspaceId, workspaceId)))
    .leftJoin(homeList, onHomeList);
}

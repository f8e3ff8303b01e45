import { contacts, gmailAccounts, templates } from '@prospector/db';
import { eq, inArray } from 'drizzle-orm';
import { selectVariants, type VariantRow } from '../ab-tests/variant-store';
import type { TemplateRow } from '../templates/template-store';
import type { Tx } from './engine-deps';

export type ContactRow = typeof contacts.$inferSelect;

/**
 * Rows that many enrolments of one tick batch share (templates, variants, mailbox addresses) or that can be read
 * for the whole batch at once (contacts), so reaching a step costs the writes and little else.
 */
export function createBatchCache(tx: Tx) {
  const templateRows = new Map<string, Promise<TemplateRow | undefined>>();
  const mailboxEmails = new Map<string, Promise<string | undefined>>();
  const mailboxNames = new Map<string, Promise<string | null>>();
  const contactRows = new Map<string, ContactRow>();
  const variantRows = new Map<string, Promise<VariantRow[]>>();
  const memo = <T>(map: Map<string, Promise<T>>, key: string, load: () => Promise<T>) => {
    let value = map.get(key);
    if (!value) {
      value = load();
      map.set(key, value);
    }
    return value;
  };
  return {
    template: (id: string) =>
      memo(templateRows, id, async () => (await tx.select().from(templates).where(eq(templates.id, id)))[0]),
    /** A step's A/B variants (none for a plain step). */
    variants: (stepId: string) => memo(variantRows, stepId, () => selectVariants(tx, stepId)),
    mailboxEmail: (id: string) =>
      memo(mailboxEmails, id, async () => {
        const [row] = await tx
          .select({ email: gmailAccounts.email })
          .from(gmailAccounts)
          .where(eq(gmailAccounts.id, id));
        return row?.email;
      }),
    /** The mailbox's display name: {{sender_name}}. */
    mailboxName: (id: string) =>
      memo(mailboxNames, id, async () => {
        const [row] = await tx
          .select({ name: gmailAccounts.displayName })
          .from(gmailAccounts)
          .where(eq(gmailAccounts.id, id));
        return row?.name ?? null;
      }),
    /** Reads the given contacts in one query, for the enrolments about to be worked. */
    async preloadContacts(ids: string[]) {
      const missing = [...new Set(ids)].filter((id) => !contactRows.has(id));
      if (missing.length === 0) return;
      for (const row of await tx.select().from(contacts).where(inArray(contacts.id, missing))) {
        contactRows.set(row.id, row);
      }
    },
    async contact(id: string): Promise<ContactRow | undefined> {
      if (!contactRows.has(id)) await this.preloadContacts([id]);
      return contactRows.get(id);
    },
  };
}
export type BatchCache = ReturnType<typeof createBatchCache>;

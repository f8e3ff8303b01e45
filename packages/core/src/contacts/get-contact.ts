import type { Contact } from '@prospector/contracts';
import type { AppDb } from '@prospector/db';
import type { CoreDeps } from '../deps';
import { findSuppressionFor } from '../suppressions/suppression-store';
import { findContact } from './contact-store';
import { toContact } from './contact-view';

/** GET /api/contacts/{id}. */
export async function getContact(deps: CoreDeps, workspaceId: string, id: string): Promise<Contact> {
  return withSuppression(deps.db, workspaceId, toContact(await findContact(deps.db, workspaceId, id)));
}

/** A contact as an answer about it alone shows it: with the suppression list's entry covering its address. */
export async function withSuppression(db: AppDb, workspaceId: string, contact: Contact): Promise<Contact> {
  return { ...contact, suppression: await findSuppressionFor(db, workspaceId, contact.email) };
}

import { randomUUID } from 'node:crypto';
import type { Sequence, SequenceStep } from '@prospector/contracts';
import { contacts, type Database, gmailAccounts, gmailAliases, sequenceContacts } from '@prospector/db';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { createClient, signUp } from './test-client';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A signed-in user for the sequence and step routes: JSON verbs, a raw one for malformed bodies, and
 * helpers that create sequences, templates, lists and steps through the API (mailboxes and enrolments,
 * which need Google or the engine, straight in the database).
 */
export async function sequenceUser(app: FastifyInstance, database: Database) {
  const client = createClient(app);
  const { user } = await signUp(client);
  const workspaceId = user.id;
  const send = (method: Method, url: string, body?: unknown) =>
    client.request({
      method,
      url,
      headers: { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { payload: body as object }),
    });
  const created = async <T>(response: Promise<LightMyRequestResponse>, what: string): Promise<T> => {
    const r = await response;
    if (r.statusCode !== 201) throw new Error(`create ${what}: ${r.statusCode} ${r.body}`);
    return r.json() as T;
  };
  return {
    workspaceId,
    get: (url: string) => client.get(url),
    post: (url: string, body?: unknown) => send('POST', url, body),
    patch: (url: string, body: unknown) => send('PATCH', url, body),
    delete: (url: string) => send('DELETE', url),
    /** A request whose body is sent as written (malformed JSON, say). */
    raw: (method: Method, url: string, payload: string) =>
      client.request({ method, url, headers: { 'content-type': 'application/json' }, payload }),
    sequence: (body: object = {}) =>
      created<Sequence>(send('POST', '/api/sequences', { name: 'Outreach', ...body }), 'sequence'),
    async template(name = 'Intro') {
      const body = { name, subject: 'Hi {{first_name}}', htmlBody: '<p>Hello</p>' };
      return (await created<{ id: string }>(send('POST', '/api/templates', body), 'template')).id;
    },
    async list(name = 'CTOs in Berlin') {
      const body = { name, industry: 'Software', jobTitle: 'CTO', location: 'Berlin' };
      return (await created<{ id: string }>(send('POST', '/api/personas', body), 'list')).id;
    },
    /** Creates a contact in an email list and returns its id. */
    async contact(personaId: string) {
      const body = { email: `c-${randomUUID().slice(0, 8)}@example.com`, personaId };
      return (await created<{ id: string }>(send('POST', '/api/contacts', body), 'contact')).id;
    },
    step: (sequenceId: string, body: object) =>
      created<SequenceStep>(send('POST', `/api/sequences/${sequenceId}/steps`, body), 'step'),
    /** A send_email step sent a day after the previous one (so the same-day time rule does not apply). */
    emailStep: (sequenceId: string, templateId: string, body: object = {}) =>
      created<SequenceStep>(
        send('POST', `/api/sequences/${sequenceId}/steps`, {
          stepType: 'send_email',
          templateId,
          delayDays: 1,
          ...body,
        }),
        'step',
      ),
    async mailbox(email = `sender-${randomUUID().slice(0, 8)}@example.com`, aliases: string[] = []) {
      const [account] = await database.db
        .insert(gmailAccounts)
        .values({ workspaceId, googleUserId: randomUUID(), email })
        .returning();
      for (const sendAsEmail of aliases) {
        await database.db.insert(gmailAliases).values({ workspaceId, accountId: account!.id, sendAsEmail });
      }
      return account!.id;
    },
    /** Enrolls a new contact straight in the database, at the given step and status. */
    async enrolment(sequenceId: string, values: Partial<typeof sequenceContacts.$inferInsert> = {}) {
      const [contact] = await database.db
        .insert(contacts)
        .values({ workspaceId, email: `c-${randomUUID().slice(0, 8)}@example.com` })
        .returning();
      const [row] = await database.db
        .insert(sequenceContacts)
        .values({ workspaceId, sequenceId, contactId: contact!.id, ...values })
        .returning();
      return row!;
    },
  };
}
export type SequenceUser = Awaited<ReturnType<typeof sequenceUser>>;

/** Asserts a failing answer: its status and the message the user reads. */
export function expectError(response: LightMyRequestResponse, status: number, message: string) {
  expect([response.statusCode, response.json().message]).toEqual([status, message]);
}

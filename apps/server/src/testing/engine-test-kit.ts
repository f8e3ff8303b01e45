import { randomUUID } from 'node:crypto';
import { type EngineDeps, type HttpFetch, keepAliveFetch } from '@prospector/core';
import {
  contacts,
  emailSends,
  gmailAccounts,
  personaContacts,
  personas,
  sequencePersonas,
  sequenceSteps,
  sequences,
  templates,
} from '@prospector/db';
import { and, eq } from 'drizzle-orm';
import { type Browser, connectMailbox, type MailboxApp } from './gmail-test-kit';

export interface InboxMessage {
  id: string;
  threadId: string;
  headers: { name: string; value: string }[];
  text?: string;
  html?: string;
}

export const header = (message: InboxMessage, name: string) =>
  message.headers.find((h) => h.name.toLowerCase() === name.toLowerCase())?.value;

type StepValues = Partial<typeof sequenceSteps.$inferInsert>;

/**
 * A signed-up user with a mailbox (a sandbox Gmail one unless `connect` connects another and answers its
 * address; gaps 0 unless given) and helpers that write templates,
 * sequences, steps, lists and contacts straight into the database, so engine tests control every field.
 */
export async function engineUser(
  env: MailboxApp,
  options: { gap?: [number, number]; connect?: (browser: Browser) => Promise<string> } = {},
) {
  const browser = env.browser();
  const user = await browser.signUp();
  const connect = options.connect ?? connectGmail;
  const mailboxEmail = await connect(browser);
  const [minGap, maxGap] = options.gap ?? [0, 0];
  const [account] = await env.database.db
    .update(gmailAccounts)
    .set({ minGapSeconds: minGap, maxGapSeconds: maxGap })
    .where(and(eq(gmailAccounts.workspaceId, user.id), eq(gmailAccounts.email, mailboxEmail.toLowerCase())))
    .returning();
  const db = env.database.db;
  const workspaceId = user.id;
  const deps: EngineDeps = { ...env.core, appUrl: env.appUrl };
  let contactCount = 0;

  return {
    browser,
    workspaceId,
    account: account!,
    deps,
    async template(
      subject = 'Hello {{first_name|friend}}',
      htmlBody = '<p>Hi {{name}}, {{unsubscribe_url}}</p>',
    ) {
      const [row] = await db
        .insert(templates)
        .values({ workspaceId, name: subject, subject, htmlBody })
        .returning();
      return row!;
    },
    async sequence(values: Partial<typeof sequences.$inferInsert> = {}) {
      const [row] = await db
        .insert(sequences)
        .values({ workspaceId, name: 'Engine test', timezone: 'UTC', ...values })
        .returning();
      return row!;
    },
    async step(sequenceId: string, order: number, values: StepValues = {}) {
      const [row] = await db
        .insert(sequenceSteps)
        .values({
          workspaceId,
          sequenceId,
          order,
          name: `Step ${order}`,
          delayDays: 0,
          sendHour: 10,
          ...values,
        })
        .returning();
      return row!;
    },
    async linkStep(stepId: string, values: StepValues) {
      await db.update(sequenceSteps).set(values).where(eq(sequenceSteps.id, stepId));
    },
    async contact(values: Partial<typeof contacts.$inferInsert> = {}) {
      contactCount += 1;
      const [row] = await db
        .insert(contacts)
        .values({
          workspaceId,
          email: `lead-${contactCount}-${randomUUID().slice(0, 6)}@example.com`,
          ...values,
        })
        .returning();
      return row!;
    },
    /** An email list linked to the sequence, holding the given contacts. */
    async list(sequenceId: string, members: { id: string }[]) {
      const [list] = await db
        .insert(personas)
        .values({
          workspaceId,
          name: `List ${randomUUID().slice(0, 6)}`,
          industry: 'Software',
          jobTitle: 'CTO',
          location: 'Berlin',
        })
        .returning();
      await this.addToList(list!.id, members);
      await db.insert(sequencePersonas).values({ sequenceId, personaId: list!.id, workspaceId });
      return list!;
    },
    async addToList(personaId: string, members: { id: string }[]) {
      if (members.length === 0) return;
      await db
        .insert(personaContacts)
        .values(members.map((m) => ({ personaId, contactId: m.id, workspaceId })));
    },
    /** The ids of the email lists linked to the sequence. */
    async listsOf(sequenceId: string) {
      const rows = await db
        .select({ id: sequencePersonas.personaId })
        .from(sequencePersonas)
        .where(eq(sequencePersonas.sequenceId, sequenceId));
      return rows.map((row) => row.id);
    },
    async launch(sequenceId: string) {
      return browser.post(`/api/sequences/${sequenceId}/launch`);
    },
    /** A running one-step sequence (a send step with a template) over `count` new contacts. */
    async launchOneStep(count: number, values: Partial<typeof sequences.$inferInsert> = {}) {
      const template = await this.template();
      const sequence = await this.sequence(values);
      await this.step(sequence.id, 1, { templateId: template.id });
      const people = [];
      for (let i = 0; i < count; i++) people.push(await this.contact());
      await this.list(sequence.id, people);
      const launch = await this.launch(sequence.id);
      if (launch.status !== 200) throw new Error(`launch: ${launch.status} ${launch.text}`);
      return { sequence, people };
    },
    async sends(sequenceId: string) {
      return db
        .select()
        .from(emailSends)
        .where(eq(emailSends.sequenceId, sequenceId))
        .orderBy(emailSends.scheduledFor);
    },
    /** Every message this user's sandbox mailboxes sent, oldest first. */
    async inbox(): Promise<InboxMessage[]> {
      const { messages } = (await browser.get('/api/sandbox/messages')).json<{ messages: InboxMessage[] }>();
      return [...messages].reverse();
    },
  };
}
export type EngineUser = Awaited<ReturnType<typeof engineUser>>;

async function connectGmail(browser: Browser) {
  const email = `sender-${randomUUID().slice(0, 8)}@engine-test.example`;
  await connectMailbox(browser, email);
  return email;
}

/**
 * The engine's deps with Gmail's messages.send answering the given statuses first (optionally after
 * sending) for messages to `to`; every other call goes through.
 */
export function flaky(
  u: EngineUser,
  to: string,
  statuses: number[],
  options: { deliverFirst?: boolean } = {},
): EngineDeps {
  const pending = [...statuses];
  const google = u.deps.google!;
  const addressedTo = (init?: RequestInit) => {
    const raw = (JSON.parse(String(init?.body ?? '{}')) as { raw?: string }).raw ?? '';
    return Buffer.from(raw, 'base64url').toString('utf8').includes(to);
  };
  const fetchFn: HttpFetch = async (input, init) => {
    const sendCall = init?.method === 'POST' && String(input).endsWith('/messages/send');
    if (!sendCall || pending.length === 0 || !addressedTo(init)) return keepAliveFetch(input, init);
    const status = pending.shift() as number;
    if (options.deliverFirst) await keepAliveFetch(input, init);
    const body = JSON.stringify({ error: { code: status, message: 'Simulated', status: 'UNAVAILABLE' } });
    return new Response(body, { status, headers: { 'content-type': 'application/json' } });
  };
  return { ...u.deps, google: { ...google, fetch: fetchFn } };
}

import createClient from 'openapi-fetch';
import type { components, paths } from '../../apps/server/src/routes/public-api/client/v1-api.generated';
import { type ContactEvent, startWebhookReceiver } from './webhook-receiver';

type Contact = components['schemas']['Contact'];

/** A contact as the CRM keeps it: its own id, and Prospector's once they are linked. */
export interface CrmContact {
  crmId: string;
  email: string;
  firstName?: string;
  lastName?: string;
  title?: string;
  prospectorId?: string;
  deleted?: boolean;
}

export interface SyncOptions {
  /** The API's base, e.g. https://app.example.com/api/v1. */
  baseUrl: string;
  apiKey: string;
  /** The CRM's side: a contact per email (lower case). */
  crm: Map<string, CrmContact>;
}

/**
 * A two-way sync of contacts between a CRM and Prospector, on /api/v1 alone:
 * - CRM -> Prospector: every CRM contact is pushed with POST /contacts/batch (1,000 a request, upserted by
 *   email), and the CRM keeps the id each result gives.
 * - Prospector -> CRM: GET /contacts?updatedSince=<checkpoint> pages the contacts changed since the last
 *   pull in the order they changed; the CRM takes their fields and keeps the last `updatedAt` as the
 *   next checkpoint.
 * - Live: a webhook endpoint subscribed to contact.created, contact.updated and contact.deleted POSTs to a
 *   local server that verifies each delivery's signature (Standard Webhooks) before the CRM acts on it.
 */
export async function startCrmSync(options: SyncOptions) {
  const api = createClient<paths>({
    baseUrl: options.baseUrl,
    headers: { Authorization: `Bearer ${options.apiKey}` },
  });
  const fail = (what: string, error: { code: string; message: string }) =>
    new Error(`${what}: ${error.code} ${error.message}`);
  const events: ContactEvent[] = [];
  const receiver = await startWebhookReceiver((event) => {
    events.push(event);
    const known = options.crm.get(event.data.contact.email.toLowerCase());
    if (event.type === 'contact.deleted' && known) known.deleted = true;
  });
  const hook = await api.POST('/webhooks', {
    body: {
      url: receiver.url,
      eventTypes: ['contact.created', 'contact.updated', 'contact.deleted'],
      description: 'CRM sync',
    },
  });
  if (hook.error) throw fail('subscribe', hook.error);
  const endpoint = hook.data;
  receiver.useSecret(endpoint.secret);
  let checkpoint: string | undefined;

  /** Pushes the CRM's contacts; answers how many were created, updated, unchanged or refused. */
  async function push() {
    const all = [...options.crm.values()].filter((contact) => !contact.deleted);
    const counts = { created: 0, updated: 0, unchanged: 0, error: 0 };
    for (let at = 0; at < all.length; at += 1000) {
      const slice = all.slice(at, at + 1000);
      const { data, error } = await api.POST('/contacts/batch', {
        params: { header: { 'Idempotency-Key': `crm-push-${Date.now()}-${at}` } },
        body: {
          contacts: slice.map(({ email, firstName, lastName, title }) => ({
            email,
            firstName,
            lastName,
            title,
            customFields: {},
          })),
        },
      });
      if (error) throw fail('push', error);
      for (const result of data.results) {
        counts[result.status] += 1;
        const contact = slice[result.index];
        if (contact && result.id) contact.prospectorId = result.id;
      }
    }
    return counts;
  }

  /** Pulls what changed in Prospector since the last pull; answers the contacts read. */
  async function pull(): Promise<Contact[]> {
    const changed: Contact[] = [];
    let cursor: string | undefined;
    do {
      const { data, error } = await api.GET('/contacts', {
        params: { query: { updatedSince: checkpoint ?? '1970-01-01T00:00:00.000Z', cursor, limit: 100 } },
      });
      if (error) throw fail('pull', error);
      changed.push(...data.data);
      cursor = data.nextCursor ?? undefined;
    } while (cursor);
    for (const contact of changed) {
      const email = contact.email.toLowerCase();
      const current = options.crm.get(email);
      options.crm.set(email, {
        crmId: current?.crmId ?? `from-prospector-${contact.id}`,
        email,
        firstName: contact.firstName ?? undefined,
        lastName: contact.lastName ?? undefined,
        title: contact.title ?? undefined,
        prospectorId: contact.id,
      });
    }
    checkpoint = changed.at(-1)?.updatedAt ?? checkpoint;
    return changed;
  }

  /** Waits until `count` contact events have arrived (the app's worker delivers them). */
  async function waitForEvents(count: number, timeoutMs = 30_000) {
    const until = Date.now() + timeoutMs;
    while (events.length < count) {
      if (Date.now() > until) throw new Error(`${events.length} of ${count} webhook events arrived`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return events.slice(0, count);
  }

  async function stop() {
    await api.DELETE('/webhooks/{id}', { params: { path: { id: endpoint.id } } });
    await receiver.close();
  }

  return {
    push,
    pull,
    waitForEvents,
    stop,
    events,
    signatures: receiver.counts,
    webhookUrl: receiver.url,
    checkpoint: () => checkpoint,
  };
}

/**
 * The example end to end: push the CRM's contacts, pull Prospector's changes, and wait for the webhook
 * events of the contacts created. Answers the sync, still running, and what each step did.
 */
export async function main(options: SyncOptions) {
  const sync = await startCrmSync(options);
  const pushed = await sync.push();
  const pulled = await sync.pull();
  const events = await sync.waitForEvents(pushed.created);
  return { sync, pushed, pulled: pulled.length, events };
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/.*\//, ''))) {
  const crm = new Map<string, CrmContact>(
    ['ada@example.com', 'grace@example.com'].map((email, i) => [email, { crmId: `crm-${i}`, email }]),
  );
  const baseUrl = process.env.PROSPECTOR_API_URL ?? 'http://localhost:3000/api/v1';
  const apiKey = process.env.PROSPECTOR_API_KEY ?? '';
  const { sync, pushed, pulled } = await main({ baseUrl, apiKey, crm });
  console.log(JSON.stringify({ pushed, pulled, checkpoint: sync.checkpoint() }, null, 2));
  await sync.stop();
}

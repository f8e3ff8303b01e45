import createClient from 'openapi-fetch';
import type { paths } from './v1-api.generated';

/**
 * A short integration as a CRM would write it against Prospector, typed only by the client generated from
 * the OpenAPI document: page every contact, create one idempotently, set its lead status, unsubscribe it,
 * read the emails sent and the replies, answer the unread conversation, and subscribe a webhook endpoint,
 * turn it off, read its deliveries, then remove it.
 */
export async function crmSync(baseUrl: string, key: string, newEmail: string) {
  const api = createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${key}` } });
  const fail = (what: string, error: { message: string; code: string }) =>
    new Error(`${what}: ${error.code} ${error.message}`);

  const emails: string[] = [];
  let cursor: string | undefined;
  do {
    const { data, error } = await api.GET('/contacts', { params: { query: { cursor, limit: 2 } } });
    if (error) throw fail('list contacts', error);
    emails.push(...data.data.map((contact) => contact.email));
    cursor = data.nextCursor ?? undefined;
  } while (cursor);

  const create = () =>
    api.POST('/contacts', {
      params: { header: { 'Idempotency-Key': `crm-${newEmail}` } },
      body: { email: newEmail, firstName: 'Grace', lastName: 'Hopper', tags: ['crm'] },
    });
  const created = await create();
  if (created.error) throw fail('create contact', created.error);
  const retried = await create();
  if (retried.error) throw fail('retry create contact', retried.error);
  const id = created.data.id;

  const status = await api.PATCH('/contacts/{id}/lead-status', {
    params: { path: { id } },
    body: { leadStatus: 'meeting_booked' },
  });
  if (status.error) throw fail('lead status', status.error);
  const unsubscribed = await api.POST('/contacts/{id}/unsubscribe', { params: { path: { id } } });
  if (unsubscribed.error) throw fail('unsubscribe', unsubscribed.error);

  const sends = await api.GET('/sends', { params: { query: { status: 'sent' } } });
  if (sends.error) throw fail('sends', sends.error);
  const replies = await api.GET('/replies', { params: { query: { limit: 100 } } });
  if (replies.error) throw fail('replies', replies.error);

  const inbox = await api.GET('/conversations', {
    params: { query: { unread: 'true', since: '2025-05-01T00:00:00Z' } },
  });
  if (inbox.error) throw fail('conversations', inbox.error);
  const [conversation] = inbox.data.data;
  const answered = conversation
    ? await api.POST('/conversations/{id}/reply', {
        params: { path: { id: conversation.id } },
        body: { html: '<p>Thanks {{first_name|there}}, does Tuesday suit you?</p>' },
      })
    : null;
  if (answered?.error) throw fail('reply', answered.error);

  const hook = await api.POST('/webhooks', {
    body: {
      url: 'https://crm.example.com/hooks/prospector',
      eventTypes: ['email.replied', 'contact.unsubscribed'],
    },
  });
  if (hook.error) throw fail('create webhook', hook.error);
  const paused = await api.PATCH('/webhooks/{id}', {
    params: { path: { id: hook.data.id } },
    body: { enabled: false },
  });
  if (paused.error) throw fail('change webhook', paused.error);
  const deliveries = await api.GET('/webhooks/{id}/deliveries', { params: { path: { id: hook.data.id } } });
  if (deliveries.error) throw fail('webhook deliveries', deliveries.error);
  const removed = await api.DELETE('/webhooks/{id}', { params: { path: { id: hook.data.id } } });
  if (removed.error) throw fail('delete webhook', removed.error);

  return {
    contactsPaged: emails,
    created: { id, status: created.response.status },
    retried: { id: retried.data.id, replayed: retried.response.headers.get('Idempotent-Replayed') },
    leadStatus: status.data.leadStatus,
    unsubscribed: unsubscribed.data.unsubscribed,
    sentSubjects: sends.data.data.map((send) => send.subject),
    replyTimes: replies.data.data.map((reply) => new Date(reply.occurredAt)),
    answered: answered?.data.direction,
    webhookSecret: hook.data.secret,
    webhookEnabled: paused.data.enabled,
    webhookDeliveryStates: deliveries.data.data.map((delivery) => delivery.status),
    webhookDeleted: removed.data.success,
  };
}

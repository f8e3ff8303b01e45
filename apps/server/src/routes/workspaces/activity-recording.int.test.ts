import type { Persona, SequenceCard, Template } from '@prospector/contracts';
import {
  apiKeys,
  gmailAccounts,
  personas,
  sequences,
  templates,
  webhookEndpoints,
  workflows,
  workspaceActivity,
} from '@prospector/db';
import { asc, eq, like, not } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, connectMailbox, type MailboxApp, startMailboxApp } from '../../testing/gmail-test-kit';

let env: MailboxApp;
beforeAll(async () => {
  env = await startMailboxApp();
});
afterAll(() => env?.close());

/** The workspace's log of what people did with its records (not its own and its members' lines). */
async function activityOf(workspaceId: string) {
  const rows = await env.database.db
    .select({
      actorId: workspaceActivity.actorId,
      actorName: workspaceActivity.actorName,
      action: workspaceActivity.action,
      subjectType: workspaceActivity.subjectType,
      subjectId: workspaceActivity.subjectId,
      subjectName: workspaceActivity.subjectName,
    })
    .from(workspaceActivity)
    .where(eq(workspaceActivity.workspaceId, workspaceId))
    .orderBy(asc(workspaceActivity.action), asc(workspaceActivity.subjectName));
  return rows.filter((row) => !/^(workspace|member|invitation)\./.test(row.action));
}

async function created<T = { id: string }>(browser: Browser, url: string, body: unknown): Promise<T> {
  const response = await browser.post(url, body);
  if (response.status !== 201) throw new Error(`${url}: ${response.status} ${response.text}`);
  return response.json<T>();
}

const ok = async (response: Promise<{ status: number; text: string }>) => {
  const answer = await response;
  expect(answer.status, answer.text).toBe(200);
};

const workflowBody = (name: string) => ({
  name,
  description: null,
  startStrategy: 'immediately',
  startAt: null,
  frequencyType: 'once',
  frequencyInterval: 1,
  isEndless: true,
  endAt: null,
  criteria: { jobTitles: ['CTO'], locations: [], locationType: 'contact', industries: [] },
  leadLimit: 25,
  status: 'draft',
  timezone: 'UTC',
});

describe('what members do is recorded in the workspace activity, and records say who made them', () => {
  it('names the member for each action of the web app, in the records and in the log', async () => {
    const browser = env.browser();
    const me = await browser.signUp();
    const by = { actorId: me.id, actorName: 'Mailbox Tester' };

    await connectMailbox(browser, 'activity.owner.sandbox@gmail.com');
    const [mailbox] = await env.database.db
      .select()
      .from(gmailAccounts)
      .where(eq(gmailAccounts.workspaceId, me.id));
    expect(mailbox!.createdBy).toBe(me.id);

    const template = await created<Template>(browser, '/api/templates', {
      name: 'Opener',
      subject: 'Hello',
      htmlBody: '<p>Hello</p>',
    });
    const spareTemplate = await created(browser, '/api/templates', {
      name: 'Spare',
      subject: 'Hi',
      htmlBody: '<p>Hi</p>',
    });
    const listFields = { industry: 'Software', jobTitle: 'CTO', location: 'Berlin' };
    const list = await created<Persona>(browser, '/api/personas', { name: 'CTOs', ...listFields });
    const spareList = await created(browser, '/api/personas', { name: 'Spare list', ...listFields });
    await created(browser, '/api/contacts', { email: 'ada@example.com', personaId: list.id });

    const sequence = await created(browser, '/api/sequences', { name: 'Q3 outreach' });
    await created(browser, `/api/sequences/${sequence.id}/steps`, {
      stepType: 'send_email',
      templateId: template.id,
      delayDays: 1,
    });
    await ok(browser.post(`/api/sequences/${sequence.id}/add-email-list`, { personaId: list.id }));
    await ok(browser.post(`/api/sequences/${sequence.id}/launch`, {}));
    await ok(browser.post(`/api/sequences/${sequence.id}/pause`));
    await ok(browser.post(`/api/sequences/${sequence.id}/activate`));
    // Pausing a paused sequence changes nothing, so it records nothing either.
    await ok(browser.post(`/api/sequences/${sequence.id}/pause`));
    await ok(browser.post(`/api/sequences/${sequence.id}/pause`));
    const copy = await created(browser, `/api/sequences/${sequence.id}/clone`, undefined);
    await ok(browser.delete(`/api/sequences/${copy.id}`));
    await ok(browser.delete(`/api/templates/${spareTemplate.id}`));
    await ok(browser.delete(`/api/personas/${spareList.id}`));

    const workflow = await created(browser, '/api/workflows', workflowBody('Weekly CTOs'));
    const [workflowRow] = await env.database.db.select().from(workflows).where(eq(workflows.id, workflow.id));
    expect(workflowRow!.createdBy).toBe(me.id);
    await ok(browser.delete(`/api/workflows/${workflow.id}`));

    const key = await created(browser, '/api/api-keys', { name: 'CRM sync', scopes: ['contacts:read'] });
    const [keyRow] = await env.database.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(keyRow!.createdBy).toBe(me.id);
    await ok(browser.delete(`/api/api-keys/${key.id}`));

    const hookUrl = 'https://127.0.0.1/hooks/prospector';
    const hook = await created(browser, '/api/webhooks', { url: hookUrl, eventTypes: ['email.replied'] });
    const [hookRow] = await env.database.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, hook.id));
    expect(hookRow!.createdBy).toBe(me.id);
    await ok(browser.delete(`/api/webhooks/${hook.id}`));

    await ok(browser.delete(`/api/mailboxes/${mailbox!.id}?permanently=true`));

    const madeBy = async (table: typeof sequences | typeof templates | typeof personas, id: string) =>
      (await env.database.db.select({ createdBy: table.createdBy }).from(table).where(eq(table.id, id)))[0]
        ?.createdBy;
    expect(await madeBy(sequences, sequence.id)).toBe(me.id);
    expect(await madeBy(templates, template.id)).toBe(me.id);
    expect(await madeBy(personas, list.id)).toBe(me.id);

    const line = (action: string, subjectType: string, subjectId: string, subjectName: string) => ({
      ...by,
      action,
      subjectType,
      subjectId,
      subjectName,
    });
    expect(await activityOf(me.id)).toEqual([
      line('api_key.created', 'api_key', key.id, 'CRM sync'),
      line('api_key.revoked', 'api_key', key.id, 'CRM sync'),
      line('list.deleted', 'list', spareList.id, 'Spare list'),
      line('mailbox.connected', 'mailbox', mailbox!.id, 'activity.owner.sandbox@gmail.com'),
      line('mailbox.removed', 'mailbox', mailbox!.id, 'activity.owner.sandbox@gmail.com'),
      line('sequence.created', 'sequence', sequence.id, 'Q3 outreach'),
      line('sequence.created', 'sequence', copy.id, 'Q3 outreach (Copy)'),
      line('sequence.deleted', 'sequence', copy.id, 'Q3 outreach (Copy)'),
      line('sequence.launched', 'sequence', sequence.id, 'Q3 outreach'),
      line('sequence.paused', 'sequence', sequence.id, 'Q3 outreach'),
      line('sequence.paused', 'sequence', sequence.id, 'Q3 outreach'),
      line('sequence.resumed', 'sequence', sequence.id, 'Q3 outreach'),
      line('template.deleted', 'template', spareTemplate.id, 'Spare'),
      line('webhook.created', 'webhook', hook.id, hookUrl),
      line('webhook.deleted', 'webhook', hook.id, hookUrl),
      line('workflow.deleted', 'workflow', workflow.id, 'Weekly CTOs'),
    ]);

    // The pages show who made each record.
    const name = { createdByName: 'Mailbox Tester' };
    expect((await browser.get('/api/sequences')).json<SequenceCard[]>()).toEqual([
      expect.objectContaining({ id: sequence.id, ...name }),
    ]);
    expect((await browser.get(`/api/sequences/${sequence.id}`)).json()).toMatchObject(name);
    expect((await browser.get('/api/templates')).json()).toEqual([
      expect.objectContaining({ id: template.id, ...name }),
    ]);
    expect((await browser.get(`/api/templates/${template.id}`)).json()).toMatchObject(name);
    expect((await browser.get('/api/personas')).json()).toEqual([
      expect.objectContaining({ id: list.id, contactCount: 1, ...name }),
    ]);
    expect((await browser.get(`/api/personas/${list.id}`)).json()).toMatchObject(name);
  });

  it('names the API key for what the public API does, and its records were made by no member', async () => {
    const browser = env.browser();
    const me = await browser.signUp();
    const key = await created<{ key: string }>(browser, '/api/api-keys', {
      name: 'Zapier',
      scopes: ['templates:write', 'templates:read', 'sequences:write', 'sequences:read'],
    });
    const v1 = (method: string, path: string, body?: unknown) =>
      fetch(`${env.appUrl}/api/v1${path}`, {
        method,
        headers: {
          authorization: `Bearer ${key.key}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    const template = (await (
      await v1('POST', '/templates', { name: 'From Zapier', subject: 'Hi', htmlBody: '<p>Hi</p>' })
    ).json()) as { id: string };
    const sequence = (await (await v1('POST', '/sequences', { name: 'Zapier sequence' })).json()) as {
      id: string;
    };
    expect((await v1('DELETE', `/templates/${template.id}`)).status).toBe(200);
    // The public API's answers keep their documented fields.
    const read = (await (await v1('GET', `/sequences/${sequence.id}`)).json()) as Record<string, unknown>;
    expect(read).not.toHaveProperty('createdByName');

    const byKey = { actorId: null, actorName: 'API key "Zapier"' };
    const log = await activityOf(me.id);
    expect(log.filter((row) => row.action !== 'api_key.created')).toEqual([
      {
        ...byKey,
        action: 'sequence.created',
        subjectType: 'sequence',
        subjectId: sequence.id,
        subjectName: 'Zapier sequence',
      },
      {
        ...byKey,
        action: 'template.deleted',
        subjectType: 'template',
        subjectId: template.id,
        subjectName: 'From Zapier',
      },
    ]);
    expect((await browser.get(`/api/sequences/${sequence.id}`)).json()).toMatchObject({
      createdByName: null,
    });
  });

  it("records nothing when the record is another workspace's", async () => {
    const owner = env.browser();
    const ownerId = (await owner.signUp()).id;
    const list = await created(owner, '/api/personas', {
      name: 'Mine',
      industry: 'Software',
      jobTitle: 'CTO',
      location: 'Berlin',
    });
    const stranger = env.browser();
    const strangerId = (await stranger.signUp()).id;
    expect((await stranger.delete(`/api/personas/${list.id}`)).status).toBe(404);
    expect(await activityOf(ownerId)).toEqual([]);
    expect(await activityOf(strangerId)).toEqual([]);
    const lines = await env.database.db
      .select()
      .from(workspaceActivity)
      .where(not(like(workspaceActivity.action, 'workspace.%')));
    expect(lines.some((row) => row.subjectId === list.id)).toBe(false);
  });
});

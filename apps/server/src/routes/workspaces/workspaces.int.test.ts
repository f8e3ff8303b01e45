import { removeDeletedWorkspaces, roleRefusal, WORKSPACE_REMOVAL_JOB } from '@prospector/core';
import { workspaceMembers } from '@prospector/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOf, type SignedInClient, signedInClient } from '../../testing/contact-test-kit';
import { sendingSeeds } from '../../testing/sending-seed-kit';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const NOT_FOUND = { message: 'Workspace not found', code: 'NOT_FOUND' };

/** A DELETE with a JSON body, as the browser sends the typed confirmation. */
const deleteWorkspace = (client: SignedInClient, id: string, confirmName?: string) =>
  client.request({
    method: 'DELETE',
    url: `/api/workspaces/${id}`,
    headers: { 'content-type': 'application/json' },
    payload: confirmName === undefined ? {} : { confirmName },
  });

async function newWorkspace(client: SignedInClient, name: string): Promise<string> {
  const response = await client.post('/api/workspaces', { name });
  if (response.statusCode !== 201)
    throw new Error(`create workspace: ${response.statusCode} ${response.body}`);
  return (response.json() as { id: string }).id;
}

async function join(client: SignedInClient, workspaceId: string, role: 'admin' | 'member' | 'viewer') {
  await t.database.db
    .insert(workspaceMembers)
    .values({ workspaceId, userId: client.workspaceId, role, createdAt: t.clock.now() });
}

const listNames = async (client: SignedInClient) =>
  ((await client.get('/api/personas')).json() as { name: string }[]).map((list) => list.name).sort();

const count = async (table: string, workspaceId: string) =>
  Number(
    (
      await t.database.executeSql(`select count(*)::int as n from ${table} where workspace_id = $1`, [
        workspaceId,
      ])
    ).rows[0]?.n,
  );

describe('listing and creating workspaces', () => {
  it("lists a new person's own workspace as current", async () => {
    const me = await signedInClient(t.app);
    const response = await me.get('/api/workspaces');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        id: me.workspaceId,
        name: "Test User's workspace",
        role: 'owner',
        createdAt: expect.any(String),
        current: true,
        memberCount: 1,
      },
    ]);
  });

  it('creates a workspace the session does not switch to, listed after the older one', async () => {
    const me = await signedInClient(t.app);
    t.clock.advance(1000);
    const created = await me.post('/api/workspaces', { name: '  Acme client ' });
    expect(created.statusCode).toBe(201);
    const workspace = created.json();
    expect(workspace).toEqual({
      id: expect.any(String),
      name: 'Acme client',
      role: 'owner',
      createdAt: t.clock.now().toISOString(),
      current: false,
      memberCount: 1,
    });
    const list = (await me.get('/api/workspaces')).json() as { id: string; current: boolean }[];
    expect(list.map((item) => [item.id, item.current])).toEqual([
      [me.workspaceId, true],
      [workspace.id, false],
    ]);
    const activity = (await me.get(`/api/workspaces/${workspace.id}/activity`)).json();
    expect(activity.items).toMatchObject([
      {
        action: 'workspace.created',
        subjectType: 'workspace',
        subjectId: workspace.id,
        actorName: 'Test User',
      },
    ]);
  });

  it.each([
    [{ name: '   ' }, 'Workspace name is required'],
    [{}, 'Workspace name is required'],
    [{ name: 'x'.repeat(101) }, 'Workspace name must be at most 100 characters'],
  ])('refuses a bad name (%j)', async (body, message) => {
    const me = await signedInClient(t.app);
    const response = await me.post('/api/workspaces', body);
    expect([response.statusCode, response.json()]).toEqual([400, { message, code: 'VALIDATION_ERROR' }]);
    expect((await me.get('/api/workspaces')).json()).toHaveLength(1);
  });
});

describe('switching workspaces', () => {
  it('switches the session, and with it the records every page shows', async () => {
    const me = await signedInClient(t.app);
    await me.list('Home list');
    const client = await newWorkspace(me, 'Client');
    const selected = await me.post(`/api/workspaces/${client}/select`);
    expect(selected.statusCode).toBe(200);
    expect(selected.json()).toMatchObject({ id: client, name: 'Client', role: 'owner', current: true });
    expect(await listNames(me)).toEqual([]);
    await me.list('Client list');
    expect(await listNames(me)).toEqual(['Client list']);
    const list = (await me.get('/api/workspaces')).json() as { id: string; current: boolean }[];
    expect(list.filter((item) => item.current).map((item) => item.id)).toEqual([client]);

    await me.post(`/api/workspaces/${me.workspaceId}/select`);
    expect(await listNames(me)).toEqual(['Home list']);
  });

  it('answers 404 for a workspace the person is not in, or a malformed id, on every route', async () => {
    const me = await signedInClient(t.app);
    const stranger = await signedInClient(t.app);
    const id = me.workspaceId;
    for (const response of [
      await stranger.post(`/api/workspaces/${id}/select`),
      await stranger.patch(`/api/workspaces/${id}`, { name: 'Mine now' }),
      await deleteWorkspace(stranger, id, "Test User's workspace"),
      await stranger.get(`/api/workspaces/${id}/activity`),
      await stranger.post('/api/workspaces/not-a-uuid/select'),
    ]) {
      expect([response.statusCode, response.json()]).toEqual([404, NOT_FOUND]);
    }
    expect((await me.get('/api/workspaces')).json()[0].name).toBe("Test User's workspace");
  });
});

describe('renaming a workspace', () => {
  it('lets an admin rename it and logs who did', async () => {
    const owner = await signedInClient(t.app);
    const admin = await signedInClient(t.app);
    await join(admin, owner.workspaceId, 'admin');
    const renamed = await admin.patch(`/api/workspaces/${owner.workspaceId}`, { name: ' Sales team ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      name: 'Sales team',
      role: 'admin',
      current: false,
      memberCount: 2,
    });
    expect((await owner.get('/api/workspaces')).json()[0]).toMatchObject({
      name: 'Sales team',
      current: true,
    });
    const activity = (await owner.get(`/api/workspaces/${owner.workspaceId}/activity`)).json();
    expect(activity.items[0]).toMatchObject({
      action: 'workspace.renamed',
      subjectName: 'Sales team',
      actorName: 'Test User',
    });
    const again = await admin.patch(`/api/workspaces/${owner.workspaceId}`, { name: 'Sales team' });
    expect(again.json()).toMatchObject({ name: 'Sales team' });
    const after = (await owner.get(`/api/workspaces/${owner.workspaceId}/activity`)).json();
    expect(after.items).toHaveLength(activity.items.length);
  });

  it.each(['viewer', 'member'] as const)('refuses a %s, naming the role needed', async (role) => {
    const owner = await signedInClient(t.app);
    const someone = await signedInClient(t.app);
    await join(someone, owner.workspaceId, role);
    const response = await someone.patch(`/api/workspaces/${owner.workspaceId}`, { name: 'Nope' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message: roleRefusal('admin'),
      code: 'FORBIDDEN',
      requiredRole: 'admin',
      role,
    });
    // Reading the activity log is every member's.
    expect((await someone.get(`/api/workspaces/${owner.workspaceId}/activity`)).statusCode).toBe(200);
  });

  it('refuses an empty name', async () => {
    const me = await signedInClient(t.app);
    const response = await me.patch(`/api/workspaces/${me.workspaceId}`, { name: '' });
    expect([response.statusCode, response.json().message]).toEqual([400, 'Workspace name is required']);
  });
});

describe('deleting a workspace', () => {
  it('needs the workspace name typed, and an owner', async () => {
    const me = await signedInClient(t.app);
    const id = await newWorkspace(me, 'Client A');
    for (const response of [
      await deleteWorkspace(me, id, 'client a'),
      await deleteWorkspace(me, id),
      await deleteWorkspace(me, id, ''),
    ]) {
      expect([response.statusCode, response.json()]).toEqual([
        400,
        { message: 'Type the workspace name to confirm', code: 'VALIDATION_ERROR' },
      ]);
    }
    const admin = await signedInClient(t.app);
    await join(admin, id, 'admin');
    const refused = await deleteWorkspace(admin, id, 'Client A');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN', requiredRole: 'owner', role: 'admin' });
    expect(refused.json().message).toBe(roleRefusal('owner'));
    expect((await me.get('/api/workspaces')).json()).toHaveLength(2);
  });

  it("refuses to delete the person's only workspace", async () => {
    const me = await signedInClient(t.app);
    const response = await deleteWorkspace(me, me.workspaceId, "Test User's workspace");
    expect([response.statusCode, response.json()]).toEqual([
      409,
      { message: 'You cannot delete your only workspace', code: 'CONFLICT' },
    ]);
  });

  it('deleting both of two workspaces at once leaves the person one', async () => {
    const me = await signedInClient(t.app);
    const other = await newWorkspace(me, 'Other');
    const answers = await Promise.all([
      deleteWorkspace(me, me.workspaceId, "Test User's workspace"),
      deleteWorkspace(me, other, 'Other'),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([202, 409]);
    expect((await me.get('/api/workspaces')).json()).toHaveLength(1);
  });

  it('closes it at once, falls sessions back, and removes its records when the job runs', async () => {
    const me = await signedInClient(t.app);
    const member = await signedInClient(t.app);
    await me.list('Home list');
    const id = await newWorkspace(me, 'Client B');
    await join(member, id, 'member');
    await me.post(`/api/workspaces/${id}/select`);
    await member.post(`/api/workspaces/${id}/select`);
    const listId = await me.list('Client list');
    await me.contact(emailOf('listed'), { personaId: listId });
    await me.contact(emailOf('loose'));
    const seeds = sendingSeeds(t.database.db, id);
    const sequence = await seeds.sequence();
    const step = await seeds.step(sequence.id, 1);
    for (let i = 0; i < 3; i++)
      await seeds.send((await seeds.enrol(sequence.id)).enrolment, { stepId: step.id });
    expect(await count('contacts', id)).toBe(5);
    const homeContacts = await count('contacts', me.workspaceId);
    const jobs = () => t.queue.jobs.filter((job) => job.name === WORKSPACE_REMOVAL_JOB).length;
    const jobsBefore = jobs();

    await t.database.executeSql("update sequences set status = 'running' where id = $1", [sequence.id]);
    const apiKey = (await me.post('/api/api-keys', { name: 'CRM', scopes: ['contacts:read'] })).json().key;
    const viaApi = () =>
      t.app.inject({ url: '/api/v1/contacts', headers: { authorization: `Bearer ${apiKey}` } });
    expect((await viaApi()).statusCode).toBe(200);
    const deleted = await deleteWorkspace(me, id, 'Client B');
    expect([deleted.statusCode, deleted.json()]).toEqual([202, { success: true }]);
    const status = await t.database.executeSql('select status from sequences where id = $1', [sequence.id]);
    expect(status.rows).toEqual([{ status: 'paused' }]);
    const logged = await t.database.executeSql(
      "select actor_name, subject_name from workspace_activity where workspace_id = $1 and action = 'workspace.deleted'",
      [id],
    );
    expect(logged.rows).toEqual([{ actor_name: 'Test User', subject_name: 'Client B' }]);
    expect((await viaApi()).statusCode).toBe(401);
    expect(jobs()).toBe(jobsBefore + 1);

    // The deleter carries on in their other workspace; another member is told once, then falls back.
    expect(await listNames(me)).toEqual(['Home list']);
    expect(((await me.get('/api/workspaces')).json() as { id: string }[]).map((w) => w.id)).toEqual([
      me.workspaceId,
    ]);
    const lost = await member.get('/api/personas');
    expect([lost.statusCode, lost.json().message]).toEqual([
      403,
      'You no longer have access to this workspace',
    ]);
    expect((await member.get('/api/workspaces')).json()).toMatchObject([
      { id: member.workspaceId, current: true },
    ]);
    for (const response of [
      await me.get(`/api/workspaces/${id}/activity`),
      await me.post(`/api/workspaces/${id}/select`),
      await deleteWorkspace(me, id, 'Client B'),
    ]) {
      expect([response.statusCode, response.json()]).toEqual([404, NOT_FOUND]);
    }

    // Until the worker comes, the records are only out of reach.
    expect(await count('contacts', id)).toBe(5);
    // Three sends, three enrolments, one list membership, five contacts, a batch at a time.
    expect(await removeDeletedWorkspaces({ db: t.database.db }, { batch: 2 })).toBe(12);
    for (const table of [
      'email_sends',
      'sequence_contacts',
      'sequences',
      'contacts',
      'persona_contacts',
      'personas',
      'workspace_members',
      'workspace_activity',
    ]) {
      expect(await count(table, id)).toBe(0);
    }
    const gone = await t.database.executeSql('select 1 from workspaces where id = $1', [id]);
    expect(gone.rows).toEqual([]);
    expect(await count('contacts', me.workspaceId)).toBe(homeContacts);
    expect(await removeDeletedWorkspaces({ db: t.database.db })).toBe(0);
    const stillMember = await t.database.db
      .select()
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.userId, member.workspaceId), eq(workspaceMembers.workspaceId, id)));
    expect(stillMember).toEqual([]);
  });
});

describe('the activity log', () => {
  it('pages newest first without skipping or repeating a line, even at the same moment', async () => {
    const me = await signedInClient(t.app);
    const id = await newWorkspace(me, 'Paged');
    for (let i = 1; i <= 6; i++) {
      // Two renames share each moment, so the id has to break the tie.
      if (i % 2) t.clock.advance(1000);
      await me.patch(`/api/workspaces/${id}`, { name: `Paged ${i}` });
    }
    const names: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `?limit=3&before=${cursor}` : '?limit=3';
      const response = await me.get(`/api/workspaces/${id}/activity${query}`);
      expect(response.statusCode).toBe(200);
      const page = response.json() as {
        items: { subjectName: string; occurredAt: string }[];
        nextCursor: string;
      };
      names.push(...page.items.map((item) => item.subjectName));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(names.slice(0, 6).sort()).toEqual([
      'Paged 1',
      'Paged 2',
      'Paged 3',
      'Paged 4',
      'Paged 5',
      'Paged 6',
    ]);
    expect(names.slice(0, 2).sort()).toEqual(['Paged 5', 'Paged 6']);
    expect(names[6]).toBe('Paged');
    expect(names).toHaveLength(7);
  });

  it.each([
    ['?limit=0', 'limit must be a number from 1 to 100'],
    ['?limit=101', 'limit must be a number from 1 to 100'],
    ['?before=not-a-cursor', 'before is not a valid cursor'],
  ])('refuses %s', async (query, message) => {
    const me = await signedInClient(t.app);
    const response = await me.get(`/api/workspaces/${me.workspaceId}/activity${query}`);
    expect([response.statusCode, response.json()]).toEqual([400, { message, code: 'VALIDATION_ERROR' }]);
  });
});

describe('finding the workspace a link points into', () => {
  it("names the person's workspace that holds the record, and hides one they are not in", async () => {
    const me = await signedInClient(t.app);
    const client = await newWorkspace(me, 'Client B');
    expect((await me.post(`/api/workspaces/${client}/select`, {})).statusCode).toBe(200);
    const list = (
      await me.post('/api/personas', { name: 'B leads', industry: 'x', jobTitle: 'x', location: 'x' })
    ).json();
    expect((await me.post(`/api/workspaces/${me.workspaceId}/select`, {})).statusCode).toBe(200);
    expect((await me.get(`/api/personas/${list.id}`)).statusCode).toBe(404);

    const located = await me.get(`/api/workspaces/locate?kind=list&id=${list.id}`);
    expect(located.statusCode).toBe(200);
    expect(located.json()).toMatchObject({ id: client, name: 'Client B', role: 'owner', current: false });

    const stranger = await signedInClient(t.app);
    const hidden = await stranger.get(`/api/workspaces/locate?kind=list&id=${list.id}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ message: 'Record not found', code: 'NOT_FOUND' });
    expect((await me.get(`/api/workspaces/locate?kind=planet&id=${list.id}`)).statusCode).toBe(400);
    expect((await me.get('/api/workspaces/locate?kind=list&id=nope')).statusCode).toBe(400);
  });
});

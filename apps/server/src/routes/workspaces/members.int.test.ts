import { MINUTE_MS } from '@prospector/core';
import { workspaceActivity } from '@prospector/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, del, type Person, patch, person } from '../../testing/team-kit';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { uniqueEmail } from '../../testing/test-client';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const LAST_OWNER = { message: 'A workspace needs at least one owner', code: 'CONFLICT' };
const members = (who: Person, workspaceId: string) =>
  who.client.get(`/api/workspaces/${workspaceId}/members`);
const setRole = (who: Person, workspaceId: string, userId: string, role: string) =>
  patch(who.client, `/api/workspaces/${workspaceId}/members/${userId}`, { role });
const remove = (who: Person, workspaceId: string, userId: string) =>
  del(who.client, `/api/workspaces/${workspaceId}/members/${userId}`);

async function actions(workspaceId: string, action: string) {
  return t.database.db
    .select({ subjectId: workspaceActivity.subjectId, actorId: workspaceActivity.actorId })
    .from(workspaceActivity)
    .where(and(eq(workspaceActivity.workspaceId, workspaceId), eq(workspaceActivity.action, action)));
}

describe('listing members', () => {
  it('shows every member with role and join date to any member, oldest first', async () => {
    const owner = await person(t, uniqueEmail(), 'Olive Owner');
    t.clock.advance(MINUTE_MS);
    const viewer = await addMember(t, owner, 'viewer');
    const listed = await members(viewer, owner.ownWorkspaceId);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([
      {
        userId: owner.userId,
        fullName: 'Olive Owner',
        email: owner.email,
        role: 'owner',
        joinedAt: expect.any(String),
        isYou: false,
      },
      {
        userId: viewer.userId,
        fullName: 'Test User',
        email: viewer.email,
        role: 'viewer',
        joinedAt: expect.any(String),
        isYou: true,
      },
    ]);
  });

  it('is 404 for a non-member and for a malformed id', async () => {
    const owner = await person(t);
    const stranger = await person(t);
    const hidden = await members(stranger, owner.ownWorkspaceId);
    expect([hidden.statusCode, hidden.json().message]).toEqual([404, 'Workspace not found']);
    expect((await members(stranger, 'nope')).statusCode).toBe(404);
  });
});

describe('changing roles', () => {
  it('lets an admin change a member, records it, and answers the member', async () => {
    const owner = await person(t);
    const admin = await addMember(t, owner, 'admin');
    const member = await addMember(t, owner, 'member');
    const changed = await setRole(admin, owner.ownWorkspaceId, member.userId, 'viewer');
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ userId: member.userId, role: 'viewer', isYou: false });
    expect(await actions(owner.ownWorkspaceId, 'member.role_changed')).toEqual([
      { subjectId: member.userId, actorId: admin.userId },
    ]);
    // The new role applies to the member's very next request.
    const refused = await member.client.post('/api/templates', {
      name: 'x',
      subject: 'y',
      htmlBody: '<p>z</p>',
    });
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN', requiredRole: 'member', role: 'viewer' });
  });

  it('refuses members and viewers (403), and admins on anything about owners', async () => {
    const owner = await person(t);
    const admin = await addMember(t, owner, 'admin');
    const member = await addMember(t, owner, 'member');
    const byMember = await setRole(member, owner.ownWorkspaceId, admin.userId, 'viewer');
    expect(byMember.json()).toEqual({
      message: 'Only an admin of this workspace or above can do this',
      code: 'FORBIDDEN',
      requiredRole: 'admin',
      role: 'member',
    });
    const promote = await setRole(admin, owner.ownWorkspaceId, member.userId, 'owner');
    expect([promote.statusCode, promote.json()]).toEqual([
      403,
      {
        message: 'Only an owner of this workspace can do this',
        code: 'FORBIDDEN',
        requiredRole: 'owner',
        role: 'admin',
      },
    ]);
    expect((await setRole(admin, owner.ownWorkspaceId, owner.userId, 'admin')).statusCode).toBe(403);
    expect((await remove(admin, owner.ownWorkspaceId, owner.userId)).statusCode).toBe(403);
  });

  it('validates the role and 404s a person who is not a member', async () => {
    const owner = await person(t);
    const stranger = await person(t);
    const bad = await setRole(owner, owner.ownWorkspaceId, owner.userId, 'boss');
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'Choose a role']);
    const missing = await setRole(owner, owner.ownWorkspaceId, stranger.userId, 'member');
    expect([missing.statusCode, missing.json().message]).toEqual([404, 'Member not found']);
    const notTheirs = await setRole(stranger, owner.ownWorkspaceId, owner.userId, 'member');
    expect([notTheirs.statusCode, notTheirs.json().message]).toEqual([404, 'Workspace not found']);
  });

  it('keeps the last owner, and hands ownership on: make another owner, then step down', async () => {
    const owner = await person(t);
    const heir = await addMember(t, owner, 'admin');
    expect([
      (await setRole(owner, owner.ownWorkspaceId, owner.userId, 'admin')).statusCode,
      (await setRole(owner, owner.ownWorkspaceId, owner.userId, 'admin')).json(),
    ]).toEqual([409, LAST_OWNER]);
    expect((await remove(owner, owner.ownWorkspaceId, owner.userId)).json()).toEqual(LAST_OWNER);

    expect((await setRole(owner, owner.ownWorkspaceId, heir.userId, 'owner')).json()).toMatchObject({
      role: 'owner',
    });
    const stepDown = await setRole(owner, owner.ownWorkspaceId, owner.userId, 'member');
    expect(stepDown.json()).toMatchObject({ role: 'member', isYou: true });
    expect((await setRole(heir, owner.ownWorkspaceId, heir.userId, 'admin')).json()).toEqual(LAST_OWNER);
    const listed: { userId: string; role: string }[] = (await members(heir, owner.ownWorkspaceId)).json();
    expect(Object.fromEntries(listed.map((m) => [m.userId, m.role]))).toEqual({
      [owner.userId]: 'member',
      [heir.userId]: 'owner',
    });
  });

  it('lets only one of two owners demoting themselves at once succeed', async () => {
    const owner = await person(t);
    const second = await addMember(t, owner, 'admin');
    await setRole(owner, owner.ownWorkspaceId, second.userId, 'owner');
    const answers = await Promise.all([
      setRole(owner, owner.ownWorkspaceId, owner.userId, 'admin'),
      setRole(second, owner.ownWorkspaceId, second.userId, 'admin'),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
  });
});

describe('removing members', () => {
  it("refuses the removed member's next request in the workspace once, then falls back to their own", async () => {
    const owner = await person(t);
    const template = { name: 'Team template', subject: 'Hi', htmlBody: '<p>Hello</p>' };
    expect((await owner.client.post('/api/templates', template)).statusCode).toBe(201);
    const member = await addMember(t, owner, 'member');
    expect((await member.client.get('/api/templates')).json()).toHaveLength(1);

    const removed = await remove(owner, owner.ownWorkspaceId, member.userId);
    expect([removed.statusCode, removed.json()]).toEqual([200, { success: true }]);
    const next = await member.client.get('/api/templates');
    expect([next.statusCode, next.json()]).toEqual([
      403,
      { message: 'You no longer have access to this workspace', code: 'FORBIDDEN' },
    ]);
    const after = await member.client.get('/api/templates');
    expect([after.statusCode, after.json()]).toEqual([200, []]);
    expect((await members(member, owner.ownWorkspaceId)).statusCode).toBe(404);
    expect(await actions(owner.ownWorkspaceId, 'member.removed')).toEqual([
      { subjectId: member.userId, actorId: owner.userId },
    ]);
    expect((await remove(owner, owner.ownWorkspaceId, member.userId)).statusCode).toBe(404);
  });

  it('lets anyone leave, moving their session to their own workspace', async () => {
    const owner = await person(t);
    const viewer = await addMember(t, owner, 'viewer');
    const member = await addMember(t, owner, 'member');
    expect((await remove(viewer, owner.ownWorkspaceId, member.userId)).statusCode).toBe(403);
    const left = await remove(viewer, owner.ownWorkspaceId, viewer.userId);
    expect([left.statusCode, left.json()]).toEqual([200, { success: true }]);
    expect((await viewer.client.get('/api/templates')).statusCode).toBe(200);
    expect(await actions(owner.ownWorkspaceId, 'member.left')).toEqual([
      { subjectId: viewer.userId, actorId: viewer.userId },
    ]);
    const ids = (await members(owner, owner.ownWorkspaceId)).json().map((m: { userId: string }) => m.userId);
    expect(ids.sort()).toEqual([owner.userId, member.userId].sort());
  });
});

import { createHash } from 'node:crypto';
import { DAY_MS, MINUTE_MS } from '@prospector/core';
import { workspaceActivity, workspaceInvitations } from '@prospector/db';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { del, invite, person, runInvitationMail, tokenOf } from '../../testing/team-kit';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createClient, uniqueEmail } from '../../testing/test-client';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const accept = (client: ReturnType<typeof createClient>, token: string) =>
  client.post(`/api/invitations/${token}/accept`, {});
const preview = (token: string) => createClient(t.app).get(`/api/invitations/${token}`);

describe('inviting someone', () => {
  it('mails a single-use link; the invitee signs up, accepts and works in the workspace', async () => {
    const owner = await person(t, uniqueEmail(), 'Olive Owner');
    const template = { name: 'Shared intro', subject: 'Hi', htmlBody: '<p>Hello</p>' };
    expect((await owner.client.post('/api/templates', template)).statusCode).toBe(201);

    const email = uniqueEmail();
    const created = await owner.client.post(`/api/workspaces/${owner.ownWorkspaceId}/invitations`, {
      email: email.toUpperCase(),
      role: 'member',
    });
    expect(created.statusCode).toBe(201);
    const { id, acceptUrl } = created.json();
    expect(acceptUrl).toMatch(/^http:\/\/localhost:3000\/invitations\/[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(acceptUrl);

    const [stored] = await t.database.db
      .select()
      .from(workspaceInvitations)
      .where(eq(workspaceInvitations.id, id));
    expect(stored!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(t.queue.jobs)).not.toContain(token);

    const mails = await runInvitationMail(t);
    expect(mails).toEqual([
      {
        to: email,
        inviterName: 'Olive Owner',
        workspaceName: "Olive Owner's workspace",
        role: 'member',
        url: acceptUrl,
        expiresInDays: 7,
      },
    ]);

    expect((await preview(token)).json()).toEqual({
      workspaceName: "Olive Owner's workspace",
      role: 'member',
      email,
      invitedByName: 'Olive Owner',
      status: 'pending',
    });
    const pending = await owner.client.get(`/api/workspaces/${owner.ownWorkspaceId}/invitations`);
    expect(pending.json()).toEqual([
      expect.objectContaining({ id, email, role: 'member', invitedByName: 'Olive Owner' }),
    ]);

    const invitee = await person(t, email, 'Ivy Invitee');
    expect((await invitee.client.get('/api/templates')).json()).toEqual([]);
    const accepted = await accept(invitee.client, token);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({
      id: owner.ownWorkspaceId,
      name: "Olive Owner's workspace",
      role: 'member',
      current: true,
      memberCount: 2,
    });
    const templates = await invitee.client.get('/api/templates');
    expect(templates.json().map((x: { name: string }) => x.name)).toEqual(['Shared intro']);

    expect((await preview(token)).json()).toMatchObject({ status: 'accepted' });
    expect((await owner.client.get(`/api/workspaces/${owner.ownWorkspaceId}/invitations`)).json()).toEqual(
      [],
    );
    const again = await accept(invitee.client, token);
    expect([again.statusCode, again.json().message]).toEqual([410, 'This invitation has already been used']);

    const activity = await t.database.db
      .select({ action: workspaceActivity.action, actorName: workspaceActivity.actorName })
      .from(workspaceActivity)
      .where(eq(workspaceActivity.workspaceId, owner.ownWorkspaceId))
      .orderBy(asc(workspaceActivity.occurredAt));
    expect(activity).toEqual([
      { action: 'member.invited', actorName: 'Olive Owner' },
      { action: 'member.joined', actorName: 'Ivy Invitee' },
    ]);
  });

  it('answers the same whether or not the address has an account', async () => {
    const owner = await person(t);
    const existing = await person(t);
    const url = `/api/workspaces/${owner.ownWorkspaceId}/invitations`;
    const known = await owner.client.post(url, { email: existing.email, role: 'viewer' });
    const unknown = await owner.client.post(url, { email: uniqueEmail(), role: 'viewer' });
    expect([known.statusCode, unknown.statusCode]).toEqual([201, 201]);
    expect(Object.keys(known.json())).toEqual(Object.keys(unknown.json()));
    expect(t.queue.jobs.map((j) => [j.name, Object.keys(j.data)])).toEqual([
      ['system-email', ['kind', 'invitationId', 'sealedToken']],
      ['system-email', ['kind', 'invitationId', 'sealedToken']],
    ]);
    expect((await runInvitationMail(t)).length).toBe(2);
  });

  it('refuses a viewer (403 with the role needed) and a non-member (404)', async () => {
    const owner = await person(t);
    const viewer = await person(t);
    const { token } = await invite(t, owner.client, owner.ownWorkspaceId, viewer.email, 'viewer');
    expect((await accept(viewer.client, token)).statusCode).toBe(200);
    const url = `/api/workspaces/${owner.ownWorkspaceId}/invitations`;
    const refused = await viewer.client.post(url, { email: uniqueEmail(), role: 'member' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: 'Only an admin of this workspace or above can do this',
      code: 'FORBIDDEN',
      requiredRole: 'admin',
      role: 'viewer',
    });
    expect((await viewer.client.get(url)).statusCode).toBe(403);

    const stranger = await person(t);
    const hidden = await stranger.client.post(url, { email: uniqueEmail(), role: 'member' });
    expect([hidden.statusCode, hidden.json().message]).toEqual([404, 'Workspace not found']);
    expect((await stranger.client.get(url)).statusCode).toBe(404);
    expect((await stranger.client.get('/api/workspaces/not-a-uuid/invitations')).statusCode).toBe(404);
    expect(t.queue.jobs).toEqual([]);
  });

  it('validates the address and the role; ownership is never sent by email', async () => {
    const owner = await person(t);
    const url = `/api/workspaces/${owner.ownWorkspaceId}/invitations`;
    const badEmail = await owner.client.post(url, { email: 'nope', role: 'member' });
    expect([badEmail.statusCode, badEmail.json().message]).toEqual([400, 'Invalid email address']);
    const asOwner = await owner.client.post(url, { email: uniqueEmail(), role: 'owner' });
    expect([asOwner.statusCode, asOwner.json().message]).toEqual([400, 'Choose a role']);
  });
});

describe('accepting an invitation', () => {
  it('expires after 7 days', async () => {
    const owner = await person(t);
    const invitee = await person(t);
    const { token } = await invite(t, owner.client, owner.ownWorkspaceId, invitee.email, 'member');
    t.clock.advance(7 * DAY_MS);
    expect((await preview(token)).json()).toMatchObject({ status: 'expired' });
    const late = await accept(invitee.client, token);
    expect([late.statusCode, late.json()]).toEqual([
      410,
      { message: 'This invitation has expired', code: 'GONE' },
    ]);
    expect((await owner.client.get(`/api/workspaces/${owner.ownWorkspaceId}/invitations`)).json()).toEqual(
      [],
    );
  });

  it('is refused once revoked, and the revoked link is not mailed', async () => {
    const owner = await person(t);
    const invitee = await person(t);
    const created = await owner.client.post(`/api/workspaces/${owner.ownWorkspaceId}/invitations`, {
      email: invitee.email,
      role: 'admin',
    });
    const { id, acceptUrl } = created.json();
    const revoked = await del(owner.client, `/api/workspaces/${owner.ownWorkspaceId}/invitations/${id}`);
    expect([revoked.statusCode, revoked.json()]).toEqual([200, { success: true }]);
    expect(await runInvitationMail(t)).toEqual([]);
    expect((await preview(tokenOf(acceptUrl))).json()).toMatchObject({ status: 'revoked' });
    const refused = await accept(invitee.client, tokenOf(acceptUrl));
    expect([refused.statusCode, refused.json().message]).toEqual([410, 'This invitation was revoked']);
    const twice = await del(owner.client, `/api/workspaces/${owner.ownWorkspaceId}/invitations/${id}`);
    expect(twice.statusCode).toBe(404);
    const other = await person(t);
    const elsewhere = await del(other.client, `/api/workspaces/${other.ownWorkspaceId}/invitations/${id}`);
    expect(elsewhere.statusCode).toBe(404);
  });

  it('is refused to another signed-in account, which the invitee can still use afterwards', async () => {
    const owner = await person(t);
    const invitee = await person(t);
    const someoneElse = await person(t);
    const { token } = await invite(t, owner.client, owner.ownWorkspaceId, invitee.email, 'member');
    const wrong = await accept(someoneElse.client, token);
    expect([wrong.statusCode, wrong.json()]).toEqual([
      403,
      { message: 'This invitation was sent to another email address', code: 'FORBIDDEN' },
    ]);
    expect((await accept(invitee.client, token)).statusCode).toBe(200);
  });

  it('needs a session to accept but not to preview; an unknown token is 404', async () => {
    const owner = await person(t);
    const { token } = await invite(t, owner.client, owner.ownWorkspaceId, uniqueEmail(), 'member');
    expect((await accept(createClient(t.app), token)).statusCode).toBe(401);
    expect((await preview(token)).statusCode).toBe(200);
    const unknown = await preview('x'.repeat(43));
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'Invitation not found']);
    const invitee = await person(t);
    expect((await accept(invitee.client, 'x'.repeat(43))).statusCode).toBe(404);
  });

  it('lets one of two acceptances at once join; the other is told the link was used', async () => {
    const owner = await person(t);
    const invitee = await person(t);
    const second = createClient(t.app);
    await second.post('/api/auth/login', { email: invitee.email, password: 'first-password-1' });
    const { token } = await invite(t, owner.client, owner.ownWorkspaceId, invitee.email, 'member');
    const answers = await Promise.all([accept(invitee.client, token), accept(second, token)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 410]);
    const joined = await t.database.db
      .select({ action: workspaceActivity.action })
      .from(workspaceActivity)
      .where(eq(workspaceActivity.workspaceId, owner.ownWorkspaceId));
    expect(joined.filter((row) => row.action === 'member.joined')).toHaveLength(1);
  });

  it('keeps the higher role of someone already a member, and still uses the invitation up', async () => {
    const owner = await person(t);
    const admin = await person(t);
    const first = await invite(t, owner.client, owner.ownWorkspaceId, admin.email, 'admin');
    expect((await accept(admin.client, first.token)).json()).toMatchObject({ role: 'admin' });
    t.clock.advance(MINUTE_MS);
    const lower = await invite(t, owner.client, owner.ownWorkspaceId, admin.email, 'viewer');
    expect((await accept(admin.client, lower.token)).json()).toMatchObject({ role: 'admin', memberCount: 2 });
    expect((await preview(lower.token)).json()).toMatchObject({ status: 'accepted' });
  });
});

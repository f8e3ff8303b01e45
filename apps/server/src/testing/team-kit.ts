import {
  handleSystemEmail,
  type InvitationMessage,
  type PasswordResetMessage,
  SYSTEM_EMAIL_JOB,
} from '@prospector/core';
import { expect } from 'vitest';
import type { TestApp } from './test-app';
import { testConfig } from './test-app';
import { createClient, type TestClient, uniqueEmail } from './test-client';

export const ORIGIN = { origin: 'http://localhost:3000' };

export const patch = (client: TestClient, url: string, payload: object) =>
  client.request({ method: 'PATCH', url, payload });
export const del = (client: TestClient, url: string) =>
  client.request({ method: 'DELETE', url, headers: ORIGIN });

/** A signed-up person with a known email, and the id of their own workspace (the one sign-up made). */
export async function person(t: TestApp, email = uniqueEmail(), fullName = 'Test User') {
  const client = createClient(t.app);
  const response = await client.post('/api/auth/register', { email, password: 'first-password-1', fullName });
  expect(response.statusCode).toBe(201);
  const user = response.json() as { id: string };
  return { client, email, userId: user.id, ownWorkspaceId: user.id };
}
export type Person = Awaited<ReturnType<typeof person>>;

/** Runs the recorded `system-email` jobs as the worker would, returning the invitations it mailed. */
export async function runInvitationMail(t: TestApp): Promise<InvitationMessage[]> {
  const sent: InvitationMessage[] = [];
  const mailer = {
    sendPasswordReset: async (_: PasswordResetMessage) => {},
    sendInvitation: async (m: InvitationMessage) => void sent.push(m),
  };
  const config = testConfig();
  for (const job of t.queue.jobs.splice(0)) {
    if (job.name !== SYSTEM_EMAIL_JOB) continue;
    await handleSystemEmail(
      { db: t.database.db, clock: t.clock, mailer, appUrl: config.appUrl, appSecret: config.appSecret },
      job.data,
    );
  }
  return sent;
}

export const tokenOf = (url: string) => new URL(url).pathname.split('/').pop()!;

/** Invites an address into the inviter's workspace and returns the token from the emailed link. */
export async function invite(
  t: TestApp,
  inviter: TestClient,
  workspaceId: string,
  email: string,
  role: 'admin' | 'member' | 'viewer',
) {
  const response = await inviter.post(`/api/workspaces/${workspaceId}/invitations`, { email, role });
  expect(response.statusCode).toBe(201);
  const [mail] = await runInvitationMail(t);
  expect(mail?.to).toBe(email.toLowerCase());
  return { id: (response.json() as { id: string }).id, token: tokenOf(mail!.url) };
}

/** Brings a new person into the owner's workspace with a role, by invitation. */
export async function addMember(t: TestApp, owner: Person, role: 'admin' | 'member' | 'viewer') {
  const joiner = await person(t);
  const { token } = await invite(t, owner.client, owner.ownWorkspaceId, joiner.email, role);
  const accepted = await joiner.client.post(`/api/invitations/${token}/accept`, {});
  expect(accepted.statusCode).toBe(200);
  return joiner;
}

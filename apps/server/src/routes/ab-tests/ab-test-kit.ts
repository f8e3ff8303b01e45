import { applyReply, runEngineRound } from '@prospector/core';
import { emailSends, stepVariantAssignments } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { EngineUser } from '../../testing/engine-test-kit';
import type { MailboxApp } from '../../testing/gmail-test-kit';

/** A one-step sequence whose step has variants A, B, C (three templates), not launched yet. */
export async function threeVariantSequence(u: EngineUser) {
  const templates = await Promise.all(
    [
      'Subject A for {{first_name|you}}',
      'Subject B for {{first_name|you}}',
      'Subject C for {{first_name|you}}',
    ].map((subject) => u.template(subject)),
  );
  const sequence = await u.sequence();
  const step = await u.step(sequence.id, 1, { templateId: templates[0]!.id });
  const labels = [];
  for (const template of templates.slice(1)) {
    const created = await u.browser.post(`/api/steps/${step.id}/variants`, { templateId: template.id });
    expect(created.status).toBe(201);
    labels.push(created.json<{ id: string; label: string }>().label);
  }
  expect(labels).toEqual(['B', 'C']);
  return { sequence, step, templates };
}

/** Enrols `count` new contacts through the sequence's list and launches (again); returns them. */
export async function enrolMore(u: EngineUser, sequenceId: string, listId: string | null, count: number) {
  const people = [];
  for (let i = 0; i < count; i++) people.push(await u.contact({ firstName: `Lead${i}` }));
  const list = listId ? { id: listId } : await u.list(sequenceId, []);
  await u.addToList(list.id, people);
  const launch = await u.launch(sequenceId);
  expect(launch.status).toBe(200);
  return { list, people };
}

/** Runs engine rounds until nothing more is sent. */
export async function sendAll(u: EngineUser) {
  for (let round = 0; round < 20; round++) {
    const result = await runEngineRound(u.deps);
    if (result.sent === 0 && result.ticked === 0) return;
  }
}

/** Replies to the given sent emails through the engine's reply rule. */
export async function replyTo(env: MailboxApp, u: EngineUser, sends: { id: string }[]) {
  for (const send of sends) {
    await applyReply(u.deps, { workspaceId: u.workspaceId, emailSendId: send.id, at: env.clock.now() });
  }
}

export const assignmentsOf = (env: MailboxApp, stepId: string) =>
  env.database.db.select().from(stepVariantAssignments).where(eq(stepVariantAssignments.stepId, stepId));

export const sendsOfStep = (env: MailboxApp, stepId: string) =>
  env.database.db.select().from(emailSends).where(eq(emailSends.stepId, stepId));

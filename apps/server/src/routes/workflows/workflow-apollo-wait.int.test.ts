import { workflowInputSchema } from '@prospector/contracts';
import {
  type CoreDeps,
  createManualClock,
  createPersona,
  createWorkflow,
  createWorkflowStep,
  runDueWorkflows,
  SYSTEM_ACTOR,
} from '@prospector/core';
import { contacts, type Database, users, workflowRuns } from '@prospector/db';
import { createTestDatabase } from '@prospector/db/testing';
import { count, countDistinct, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workflowDeps } from './workflow-test-kit';

let database: Database;
let deps: CoreDeps;
const clock = createManualClock(new Date('2025-05-01T14:20:00Z'));
beforeAll(async () => {
  database = await createTestDatabase();
  deps = workflowDeps(database.db, clock, { requestsPerHour: 12 }).deps;
});
afterAll(() => database?.close());

describe("a workflow run and Apollo's hourly limit", () => {
  it('waits as a pending run until the hour resets, then adds the rest of its lead limit, each lead once', async () => {
    const [user] = await database.db
      .insert(users)
      .values({ email: `${crypto.randomUUID()}@example.com`, fullName: 'Owner', passwordHash: 'x' })
      .returning({ id: users.id });
    const workspaceId = user!.id;
    const list = await createPersona(deps, workspaceId, SYSTEM_ACTOR, {
      name: 'Marketing',
      industry: 'Software',
      jobTitle: 'Marketing Manager',
      location: 'United States',
      description: null,
    });
    const workflow = await createWorkflow(
      deps,
      workspaceId,
      SYSTEM_ACTOR,
      workflowInputSchema.parse({
        name: 'Marketing Managers',
        criteria: { jobTitles: ['Marketing Manager'] },
        leadLimit: 150,
        status: 'active',
      }),
    );
    await createWorkflowStep(deps, workspaceId, workflow.id, {
      order: 1,
      stepType: 'add_to_email_list',
      name: 'Add to Email List',
      emailListIds: [list.id],
    });
    const run = async () =>
      (await database.db.select().from(workflowRuns).where(eq(workflowRuns.workflowId, workflow.id)))[0]!;

    const first = await runDueWorkflows(deps);
    expect(first.map((o) => o.status)).toEqual(['waiting']);
    expect(await run()).toMatchObject({
      status: 'pending',
      error: null,
      metadata: expect.objectContaining({
        waiting: "Waiting for Apollo's hourly limit, resumes at 15:00 UTC",
        resumeAt: '2025-05-01T15:00:00.000Z',
      }),
    });
    const partly = (await run()).leadsProcessed;

    clock.set(new Date('2025-05-01T14:40:00Z'));
    expect(await runDueWorkflows(deps)).toEqual([]);

    for (let hour = 15; hour < 40 && (await run()).status === 'pending'; hour++) {
      clock.set(new Date(Date.UTC(2025, 4, 1, hour)));
      await runDueWorkflows(deps);
    }
    const done = await run();
    expect(done).toMatchObject({ status: 'completed', leadsProcessed: 150, error: null });
    expect(partly).toBeLessThan(150);
    expect(done.metadata).not.toHaveProperty('waiting');
    const [row] = await database.db
      .select({ n: count(), people: countDistinct(contacts.apolloId) })
      .from(contacts)
      .where(eq(contacts.workspaceId, workspaceId));
    expect(row).toEqual({ n: 150, people: 150 });
  });
});

import type { WorkflowInput } from '@prospector/contracts';
import { workflowInputSchema } from '@prospector/contracts';
import {
  type CoreDeps,
  createManualClock,
  createPersona,
  createWorkflow,
  createWorkflowStep,
  DAY_MS,
  encryptSecret,
  getWorkflow,
  listWorkflowRuns,
  RUN_INTERRUPTED,
  runDueWorkflows,
  runWorkflowNow,
  STEP_WAIT_MS,
  SYSTEM_ACTOR,
  setWorkflowStatus,
} from '@prospector/core';
import {
  contacts,
  type Database,
  personaContacts,
  users,
  workflowRuns,
  workflows,
  workspaces,
} from '@prospector/db';
import { createTestDatabase } from '@prospector/db/testing';
import { and, count, countDistinct, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { workflowDeps } from './workflow-test-kit';

let database: Database;
let deps: CoreDeps;
const clock = createManualClock(new Date('2025-05-01T09:00:00Z'));
beforeAll(async () => {
  database = await createTestDatabase();
  deps = workflowDeps(database.db, clock).deps;
});
afterAll(() => database?.close());
// Each test's workflows stop when it ends, so later ticks only see the next test's.
afterEach(async () => {
  await database.db.update(workflows).set({ status: 'paused', nextRunAt: null });
});

/** One scheduler tick; the statuses of the runs it made of this workflow. */
async function tick(workflowId: string, run = () => runDueWorkflows(deps)) {
  const outcomes = await run();
  return outcomes.filter((o) => o.workflowId === workflowId).map((o) => o.status);
}

async function newUser() {
  const [user] = await database.db
    .insert(users)
    .values({ email: `${crypto.randomUUID()}@example.com`, fullName: 'Workflow Owner', passwordHash: 'x' })
    .returning({ id: users.id });
  return user?.id as string;
}

const listFields = { industry: 'Software', jobTitle: 'Marketing Manager', location: 'United States' };

/** A user with two lists and an active workflow over both. */
async function setUp(overrides: Partial<WorkflowInput> = {}) {
  const workspaceId = await newUser();
  const lists = [
    (
      await createPersona(deps, workspaceId, SYSTEM_ACTOR, {
        ...listFields,
        name: 'Marketing A',
        description: null,
      })
    ).id,
    (
      await createPersona(deps, workspaceId, SYSTEM_ACTOR, {
        ...listFields,
        name: 'Marketing B',
        description: null,
      })
    ).id,
  ];
  const input = workflowInputSchema.parse({
    name: 'Marketing Managers',
    criteria: { jobTitles: ['Marketing Manager'] },
    leadLimit: 25,
    status: 'active',
    ...overrides,
  });
  const workflow = await createWorkflow(deps, workspaceId, SYSTEM_ACTOR, input);
  await createWorkflowStep(deps, workspaceId, workflow.id, {
    order: 1,
    stepType: 'add_to_email_list',
    name: 'Add to Email List',
    emailListIds: lists,
  });
  return { workspaceId, lists, workflow };
}

async function contactsOf(workspaceId: string) {
  const [row] = await database.db
    .select({ n: count(), people: countDistinct(contacts.apolloId) })
    .from(contacts)
    .where(eq(contacts.workspaceId, workspaceId));
  return row ?? { n: 0, people: 0 };
}

async function inList(personaId: string) {
  const [row] = await database.db
    .select({ n: count() })
    .from(personaContacts)
    .where(eq(personaContacts.personaId, personaId));
  return row?.n ?? 0;
}

const runsOf = async (workflowId: string) =>
  database.db.select().from(workflowRuns).where(eq(workflowRuns.workflowId, workflowId));

describe('workflow runs against the sandbox Apollo', () => {
  it('an immediate run adds exactly leadLimit new contacts to both lists, then the one-time workflow completes', async () => {
    const { workspaceId, lists, workflow } = await setUp();
    expect(workflow.nextRunAt).toBe(clock.now().toISOString());

    expect(await tick(workflow.id)).toEqual(['completed']);
    expect(await contactsOf(workspaceId)).toEqual({ n: 25, people: 25 });
    expect(await inList(lists[0] as string)).toBe(25);
    expect(await inList(lists[1] as string)).toBe(25);

    const [run] = await listWorkflowRuns(deps, workspaceId, workflow.id);
    expect(run).toMatchObject({ status: 'completed', leadsProcessed: 25, error: null });
    expect(run?.leadsFound).toBeGreaterThanOrEqual(25);
    expect(run?.metadata).toMatchObject({ trigger: 'schedule', pagesRead: expect.any(Number) });
    expect(run?.startedAt).toBe(clock.now().toISOString());
    const after = await getWorkflow(deps, workspaceId, workflow.id);
    expect(after).toMatchObject({
      status: 'completed',
      nextRunAt: null,
      lastRunAt: clock.now().toISOString(),
    });

    // Nothing is due any more: another tick runs nothing.
    expect(await tick(workflow.id)).toEqual([]);
  });

  it('a second run adds only people who are not contacts yet', async () => {
    const { workspaceId, lists, workflow } = await setUp({ frequencyType: 'days' });
    await runDueWorkflows(deps);
    clock.advance(DAY_MS);
    expect(await tick(workflow.id)).toEqual(['completed']);
    expect(await contactsOf(workspaceId)).toEqual({ n: 50, people: 50 });
    expect(await inList(lists[0] as string)).toBe(50);
    const runs = await listWorkflowRuns(deps, workspaceId, workflow.id);
    expect(runs).toHaveLength(2);
    expect(runs[0]).toMatchObject({ status: 'completed', leadsProcessed: 25 });
    expect(runs[0]?.metadata.skippedDuplicates).toBeGreaterThanOrEqual(25);
    // Every day at the time of the first run, never in the past.
    expect((await getWorkflow(deps, workspaceId, workflow.id)).nextRunAt).toBe(
      new Date(clock.now().getTime() + DAY_MS).toISOString(),
    );
  });

  it('a rejected Apollo key fails the run with the reason and keeps the schedule', async () => {
    const { workspaceId, workflow } = await setUp({ frequencyType: 'weeks' });
    // A key Apollo rejects, stored as if it had been accepted once and revoked since.
    const apolloApiKey = encryptSecret('invalid-key-123', deps.appSecret as string);
    await database.db.update(workspaces).set({ apolloApiKey }).where(eq(workspaces.id, workspaceId));
    expect(await tick(workflow.id)).toEqual(['failed']);
    const [run] = await listWorkflowRuns(deps, workspaceId, workflow.id);
    expect(run?.status).toBe('failed');
    expect(run?.error).toMatch(/Apollo rejected the API key/);
    expect(await contactsOf(workspaceId)).toEqual({ n: 0, people: 0 });
    const after = await getWorkflow(deps, workspaceId, workflow.id);
    expect(after.status).toBe('active');
    expect(after.nextRunAt).toBe(new Date(clock.now().getTime() + 7 * DAY_MS).toISOString());
  });

  it('two workers ticking at once run a due workflow once', async () => {
    const { workspaceId, workflow } = await setUp({ frequencyType: 'days', leadLimit: 5 });
    const [a, b] = await Promise.all([runDueWorkflows(deps), runDueWorkflows(deps)]);
    const ran = [...(a ?? []), ...(b ?? [])].filter((o) => o.status === 'completed');
    expect(ran).toHaveLength(1);
    expect(await runsOf(workflow.id)).toHaveLength(1);
    expect(await contactsOf(workspaceId)).toEqual({ n: 5, people: 5 });
  });

  it('pause stops runs, and activating after a long pause runs once at the next occurrence', async () => {
    const { workspaceId, workflow } = await setUp({ frequencyType: 'days', leadLimit: 3 });
    await runDueWorkflows(deps);
    const firstRunAt = clock.now().getTime();
    await setWorkflowStatus(deps, workspaceId, workflow.id, { status: 'paused' });
    clock.advance(7 * DAY_MS + 60_000);
    expect(await tick(workflow.id)).toEqual([]);

    const active = await setWorkflowStatus(deps, workspaceId, workflow.id, { status: 'active' });
    expect(active.nextRunAt).toBe(new Date(firstRunAt + 8 * DAY_MS).toISOString());
    expect(await tick(workflow.id)).toEqual([]);
    clock.set(new Date(firstRunAt + 8 * DAY_MS));
    expect(await tick(workflow.id)).toEqual(['completed']);
    expect(await runsOf(workflow.id)).toHaveLength(2);
  });

  it('runs a paused workflow on demand without moving its schedule, and fails runs that lost their worker', async () => {
    const { workspaceId, workflow } = await setUp({
      status: 'paused',
      frequencyType: 'days',
      leadLimit: 2,
    });
    await runWorkflowNow(deps, workspaceId, workflow.id);
    expect(await tick(workflow.id)).toEqual(['completed']);
    expect(await getWorkflow(deps, workspaceId, workflow.id)).toMatchObject({
      status: 'paused',
      nextRunAt: null,
    });
    expect(await contactsOf(workspaceId)).toEqual({ n: 2, people: 2 });

    const [stuck] = await database.db
      .insert(workflowRuns)
      .values({
        workspaceId,
        workflowId: workflow.id,
        status: 'running',
        startedAt: clock.now(),
        createdAt: clock.now(),
      })
      .returning();
    clock.advance(2 * 60 * 60 * 1000);
    await runDueWorkflows(deps);
    const [row] = await database.db
      .select()
      .from(workflowRuns)
      .where(and(eq(workflowRuns.id, stuck?.id as string)));
    expect(row).toMatchObject({ status: 'failed', error: RUN_INTERRUPTED });
  });

  it('waits for the step of a workflow just written, and runs it once the step is there', async () => {
    const workspaceId = await newUser();
    const list = (
      await createPersona(deps, workspaceId, SYSTEM_ACTOR, {
        ...listFields,
        name: 'Marketing',
        description: null,
      })
    ).id;
    // The web app's first call: the workflow, due at once. Its step comes in a second call.
    const workflow = await createWorkflow(
      deps,
      workspaceId,
      SYSTEM_ACTOR,
      workflowInputSchema.parse({
        name: 'Step on its way',
        criteria: { jobTitles: ['Marketing Manager'] },
        leadLimit: 5,
        status: 'active',
      }),
    );
    expect(await tick(workflow.id)).toEqual([]);
    expect(await runsOf(workflow.id)).toEqual([]);
    await createWorkflowStep(deps, workspaceId, workflow.id, {
      order: 1,
      stepType: 'add_to_email_list',
      name: 'Add to Email List',
      emailListIds: [list],
    });
    expect(await tick(workflow.id)).toEqual(['completed']);
    expect(await inList(list)).toBe(5);
  });

  it('fails a run when the workflow still has no email list a while after it was written', async () => {
    const workspaceId = await newUser();
    const workflow = await createWorkflow(
      deps,
      workspaceId,
      SYSTEM_ACTOR,
      workflowInputSchema.parse({ name: 'No lists', status: 'active' }),
    );
    expect(await tick(workflow.id)).toEqual([]);
    clock.advance(STEP_WAIT_MS - 1);
    expect(await tick(workflow.id)).toEqual([]);
    clock.advance(1);
    expect(await tick(workflow.id)).toEqual(['failed']);
    const [run] = await listWorkflowRuns(deps, workspaceId, workflow.id);
    expect(run?.error).toBe('Please select at least one email list');
  });
});

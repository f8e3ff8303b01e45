import {
  isStatusOnlyBody,
  WORKFLOW_NOT_FOUND,
  type Workflow,
  workflowInputSchema,
  workflowStatusSchema,
  workflowStepInputSchema,
} from '@prospector/contracts';
import {
  createWorkflow,
  createWorkflowStep,
  deleteWorkflow,
  deleteWorkflowStep,
  getWorkflow,
  listWorkflowRuns,
  listWorkflowSteps,
  listWorkflows,
  runWorkflowNow,
  setWorkflowStatus,
  updateWorkflow,
  WORKFLOW_SCHEDULER_JOB,
  WORKFLOW_STEP_NOT_FOUND,
} from '@prospector/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseBody } from '../../http/parse-body';
import { requestActor } from '../../http/request-actor';
import type { RouteContext } from '../../http/route-context';
import { pathId } from '../../http/route-params';
import { requireSession, signedIn } from '../../plugins/session-cookie';

/** Workflows: spec section 7 "Emails and workflows", plus the run history and "run now". */
export async function workflowRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const auth = { preHandler: requireSession(ctx.core) };
  const user = (request: FastifyRequest) => signedIn(request).workspaceId;
  const workflowId = (request: FastifyRequest) => pathId(request, 'id', WORKFLOW_NOT_FOUND);

  /** A workflow that is due now is run by the scheduler job at once rather than at its next tick. */
  const runIfDue = async (workflow: Workflow) => {
    if (workflow.nextRunAt && new Date(workflow.nextRunAt) <= ctx.core.clock.now()) {
      await ctx.queue.send(WORKFLOW_SCHEDULER_JOB, {});
    }
    return workflow;
  };

  app.get('/api/workflows', auth, async (request) => listWorkflows(ctx.core, user(request)));

  app.post('/api/workflows', auth, async (request, reply) => {
    const input = parseBody(workflowInputSchema, request.body);
    const workflow = await createWorkflow(ctx.core, user(request), requestActor(request), input);
    return reply.status(201).send(await runIfDue(workflow));
  });

  app.get('/api/workflows/:id', auth, async (request) =>
    getWorkflow(ctx.core, user(request), workflowId(request)),
  );

  app.patch('/api/workflows/:id', auth, async (request) => {
    const id = workflowId(request);
    const workflow = isStatusOnlyBody(request.body)
      ? await setWorkflowStatus(ctx.core, user(request), id, parseBody(workflowStatusSchema, request.body))
      : await updateWorkflow(ctx.core, user(request), id, parseBody(workflowInputSchema, request.body));
    return runIfDue(workflow);
  });

  app.delete('/api/workflows/:id', auth, async (request) => {
    await deleteWorkflow(ctx.core, user(request), requestActor(request), workflowId(request));
    return { success: true };
  });

  app.get('/api/workflows/:id/steps', auth, async (request) =>
    listWorkflowSteps(ctx.core, user(request), workflowId(request)),
  );

  app.post('/api/workflows/:id/steps', auth, async (request, reply) => {
    const id = workflowId(request);
    const input = parseBody(workflowStepInputSchema, request.body);
    const step = await createWorkflowStep(ctx.core, user(request), id, input);
    // An immediate workflow became due with its first call; with its lists written it can run now.
    await runIfDue(await getWorkflow(ctx.core, user(request), id));
    return reply.status(201).send(step);
  });

  app.delete('/api/workflows/:id/steps/:stepId', auth, async (request) => {
    const id = workflowId(request);
    const stepId = pathId(request, 'stepId', WORKFLOW_STEP_NOT_FOUND);
    await deleteWorkflowStep(ctx.core, user(request), id, stepId);
    return { success: true };
  });

  app.get('/api/workflows/:id/runs', auth, async (request) =>
    listWorkflowRuns(ctx.core, user(request), workflowId(request)),
  );

  app.post('/api/workflows/:id/run', auth, async (request, reply) => {
    const run = await runWorkflowNow(ctx.core, user(request), workflowId(request));
    await ctx.queue.send(WORKFLOW_SCHEDULER_JOB, {});
    return reply.status(202).send(run);
  });
}

import type {
  Workflow,
  WorkflowInput,
  WorkflowRun,
  WorkflowStatusInput,
  WorkflowStep,
} from '@prospector/contracts';
import { WORKFLOW_STEP_NAME } from '@prospector/contracts';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiJson, apiRequest, serverMessage } from '@/lib/api';

export const WORKFLOWS_KEY = ['/api/workflows'] as const;
export const workflowKey = (id: string) => ['/api/workflows', id] as const;
export const workflowStepsKey = (id: string) => ['/api/workflows', id, 'steps'] as const;
export const workflowRunsKey = (id: string) => ['/api/workflows', id, 'runs'] as const;

/** While a run is waiting or under way, its workflow is re-read every few seconds to show the result. */
const RUN_POLL_MS = 3000;
const running = (run: WorkflowRun | null | undefined) =>
  run?.status === 'pending' || run?.status === 'running';

/** A run is waiting, under way, or about to be claimed because the workflow is due. */
const busy = (workflow: Workflow) =>
  running(workflow.lastRun) ||
  (workflow.status === 'active' && !!workflow.nextRunAt && Date.parse(workflow.nextRunAt) <= Date.now());

export function useWorkflows() {
  return useQuery<Workflow[]>({
    queryKey: WORKFLOWS_KEY,
    refetchInterval: (query) => (query.state.data?.some(busy) ? RUN_POLL_MS : false),
  });
}

export function useWorkflow(id: string) {
  return useQuery<Workflow>({ queryKey: workflowKey(id) });
}

/** Spec section 7: the steps call answers empty on failure. */
export function useWorkflowSteps(id: string) {
  return useQuery<WorkflowStep[]>({
    queryKey: workflowStepsKey(id),
    queryFn: () => apiJson<WorkflowStep[]>('GET', `/api/workflows/${id}/steps`).catch(() => []),
  });
}

export function useWorkflowRuns(id: string) {
  return useQuery<WorkflowRun[]>({
    queryKey: workflowRunsKey(id),
    refetchInterval: (query) => (query.state.data?.some(running) ? RUN_POLL_MS : false),
  });
}

function refreshWorkflows(queryClient: QueryClient, id?: string) {
  void queryClient.invalidateQueries({ queryKey: WORKFLOWS_KEY, exact: true });
  if (id) void queryClient.invalidateQueries({ queryKey: workflowKey(id) });
}

const failed = (fallback: string) => (error: unknown) =>
  toast({ title: 'Error', description: serverMessage(error, fallback), variant: 'destructive' });

export function useSetWorkflowStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string } & WorkflowStatusInput) =>
      apiJson<Workflow>('PATCH', `/api/workflows/${id}`, { status } satisfies WorkflowStatusInput),
    onSuccess: (workflow) => {
      queryClient.setQueryData(workflowKey(workflow.id), workflow);
      refreshWorkflows(queryClient);
    },
    onError: failed('Failed to update workflow status'),
  });
}

export function useDeleteWorkflow(onDeleted: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/workflows/${id}`),
    onSuccess: (_response, id) => {
      queryClient.removeQueries({ queryKey: workflowKey(id) });
      refreshWorkflows(queryClient);
      onDeleted();
    },
    onError: failed('Failed to delete workflow'),
  });
}

const addListsStep = (id: string, emailListIds: string[]) =>
  emailListIds.length > 0
    ? apiJson<WorkflowStep>('POST', `/api/workflows/${id}/steps`, {
        order: 1,
        stepType: 'add_to_email_list',
        name: WORKFLOW_STEP_NAME,
        emailListIds,
      })
    : Promise.resolve(null);

export interface WorkflowSave {
  body: WorkflowInput;
  emailListIds: string[];
}

/** Spec section 7: POST the workflow, then its step when lists are selected. */
export function useCreateWorkflow(onCreated: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, emailListIds }: WorkflowSave) => {
      const workflow = await apiJson<Workflow>('POST', '/api/workflows', body);
      await addListsStep(workflow.id, emailListIds);
      return workflow;
    },
    onSuccess: (workflow) => {
      refreshWorkflows(queryClient, workflow.id);
      toast({ title: 'Workflow created successfully' });
      onCreated();
    },
    onError: failed('Failed to create workflow'),
  });
}

/** Spec section 7: PATCH, then delete each add_to_email_list step, then post the new one. */
export function useUpdateWorkflow(id: string, onUpdated: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, emailListIds }: WorkflowSave) => {
      const workflow = await apiJson<Workflow>('PATCH', `/api/workflows/${id}`, body);
      const steps = await apiJson<WorkflowStep[]>('GET', `/api/workflows/${id}/steps`).catch(() => []);
      for (const step of steps.filter((s) => s.stepType === 'add_to_email_list')) {
        await apiRequest('DELETE', `/api/workflows/${id}/steps/${step.id}`);
      }
      await addListsStep(id, emailListIds);
      return workflow;
    },
    onSuccess: (workflow) => {
      queryClient.setQueryData(workflowKey(id), workflow);
      void queryClient.invalidateQueries({ queryKey: workflowStepsKey(id) });
      refreshWorkflows(queryClient);
      toast({ title: 'Workflow updated successfully' });
      onUpdated();
    },
    onError: failed('Failed to update workflow'),
  });
}

export function useRunWorkflowNow(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<WorkflowRun>('POST', `/api/workflows/${id}/run`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: workflowRunsKey(id) });
      refreshWorkflows(queryClient, id);
      toast({ title: 'Run started' });
    },
    onError: failed('Failed to start the run'),
  });
}

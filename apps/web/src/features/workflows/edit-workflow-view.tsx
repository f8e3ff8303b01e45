import { frequencyLabel, type Workflow, type WorkflowStep } from '@prospector/contracts';
import { ArrowLeftIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { ReadOnlyNote } from '@/features/workspaces/role-gate';
import { useCan } from '@/features/workspaces/use-workspaces';
import { errorStatus } from '@/lib/api';
import { PageHeader } from '@/pages/page-header';
import { BasicInfoSection } from './basic-info-section';
import { CriteriaSection } from './criteria-section';
import { EmailListPicker } from './email-list-picker';
import { useFieldProblem } from './field-problem';
import { formatDateTime } from './format-run';
import { RunHistory } from './run-history';
import { ScheduleSection } from './schedule-section';
import {
  basicsProblem,
  fromWorkflow,
  listsProblem,
  statusOnSave,
  toWorkflowBody,
  type WorkflowFormValues,
} from './workflow-form';
import { useUpdateWorkflow, useWorkflow, useWorkflowSteps } from './workflow-queries';
import { WorkflowStatusBadge } from './workflow-status-badge';

const listIdsOf = (steps: WorkflowStep[]) => [
  ...new Set(
    steps.filter((step) => step.stepType === 'add_to_email_list').flatMap((step) => step.emailListIds),
  ),
];

/** /workflows/{id}: 'Loading workflow...', the one-page form, or 'Workflow not found'. */
export function EditWorkflowView({ id }: { id: string }) {
  const workflow = useWorkflow(id);
  const steps = useWorkflowSteps(id);
  const failed = workflow.isError && errorStatus(workflow.error) !== 404;
  useEffect(() => {
    if (failed) toast({ title: 'Error', description: 'Failed to fetch workflow', variant: 'destructive' });
  }, [failed]);

  if (workflow.isPending || steps.isPending) {
    return (
      <div className="flex items-center justify-center gap-2 py-24 text-muted-foreground">
        <Spinner /> Loading workflow...
      </div>
    );
  }
  if (workflow.isError) {
    return (
      <div className="flex flex-col items-center gap-4 py-24 text-center">
        <p className="font-medium text-lg">{failed ? 'Failed to fetch workflow' : 'Workflow not found'}</p>
        <Button asChild variant="outline">
          <Link to="/workflows">
            <ArrowLeftIcon /> Back to Workflows
          </Link>
        </Button>
      </div>
    );
  }
  return (
    <EditWorkflowForm
      key={workflow.data.updatedAt}
      workflow={workflow.data}
      emailListIds={listIdsOf(steps.data ?? [])}
    />
  );
}

function EditWorkflowForm({ workflow, emailListIds }: { workflow: Workflow; emailListIds: string[] }) {
  const canChange = useCan('member');
  const navigate = useNavigate();
  const [values, setValues] = useState<WorkflowFormValues>(() => fromWorkflow(workflow, emailListIds));
  const { problem, show, changed } = useFieldProblem();
  const change = (patch: Partial<WorkflowFormValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    changed(patch);
  };
  const update = useUpdateWorkflow(workflow.id, () => navigate('/workflows'));

  const submit = () => {
    const found = basicsProblem(values) ?? listsProblem(values);
    if (found) return show(found);
    update.mutate({
      body: toWorkflowBody(values, statusOnSave(workflow.status)),
      emailListIds: values.emailListIds,
    });
  };

  return (
    <div className="mx-auto w-full max-w-4xl space-y-6 p-4 sm:p-6 lg:p-8">
      <Button asChild variant="ghost" size="sm" className="-ml-2">
        <Link to="/workflows">
          <ArrowLeftIcon /> Back to Workflows
        </Link>
      </Button>
      <PageHeader
        title={canChange ? 'Edit Workflow' : 'Workflow'}
        subtitle={workflow.name}
        actions={<WorkflowStatusBadge status={workflow.status} needsList={workflow.needsList} />}
      />
      <p className="text-muted-foreground text-sm">
        {frequencyLabel(workflow.frequencyType, workflow.frequencyInterval)} · Last Run:{' '}
        {workflow.lastRunAt ? formatDateTime(workflow.lastRunAt) : 'Never'}
        {workflow.status === 'active' && workflow.nextRunAt && (
          <> · Next Run: {formatDateTime(workflow.nextRunAt)}</>
        )}
      </p>
      <form
        noValidate
        className="space-y-6"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <ReadOnlyNote atLeast="member" />
        {/* A viewer reads the workflow; the disabled fieldset disables every field inside. */}
        <fieldset disabled={!canChange} className="min-w-0 space-y-6">
          <BasicInfoSection values={values} onChange={change} problem={problem} />
          <ScheduleSection values={values} onChange={change} problem={problem} />
          <CriteriaSection values={values} onChange={change} />
          <EmailListPicker
            selected={values.emailListIds}
            onChange={(ids) => change({ emailListIds: ids })}
            problem={problem}
          />
        </fieldset>
        {canChange && (
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => navigate('/workflows')}>
              Cancel
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending && <Spinner />}
              {update.isPending ? 'Updating...' : 'Update Workflow'}
            </Button>
          </div>
        )}
      </form>
      <RunHistory workflowId={workflow.id} />
    </div>
  );
}

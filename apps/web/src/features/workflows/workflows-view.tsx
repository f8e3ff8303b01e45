import type { Workflow } from '@prospector/contracts';
import { PlusIcon, WorkflowIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useCan } from '@/features/workspaces/use-workspaces';
import { PageHeader } from '@/pages/page-header';
import { WorkflowCard } from './workflow-card';
import { useDeleteWorkflow, useSetWorkflowStatus, useWorkflows } from './workflow-queries';

/** /workflows: a card per workflow with Pause, Activate, Edit and Delete, and Create Workflow. */
export function WorkflowsView() {
  const canChange = useCan('member');
  const workflows = useWorkflows();
  const setStatus = useSetWorkflowStatus();
  const [deleting, setDeleting] = useState<Workflow | null>(null);
  const remove = useDeleteWorkflow(() => setDeleting(null));
  useEffect(() => {
    if (workflows.isError)
      toast({ title: 'Error', description: 'Failed to fetch workflows', variant: 'destructive' });
  }, [workflows.isError]);

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 p-4 sm:p-6 lg:p-8">
      <PageHeader
        title="Workflows"
        subtitle="Find new leads on a schedule and add them to your email lists"
        actions={
          canChange && (
            <Button asChild>
              <Link to="/workflows/create">
                <PlusIcon /> Create Workflow
              </Link>
            </Button>
          )
        }
      />
      {workflows.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner className="size-6" label="Loading workflows" />
        </div>
      ) : workflows.isError ? (
        <p className="text-destructive text-sm">Failed to fetch workflows</p>
      ) : workflows.data.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-14 text-center">
          <WorkflowIcon className="size-8 text-muted-foreground" aria-hidden />
          <p className="font-medium">No workflows yet</p>
          {canChange && (
            <>
              <p className="max-w-sm text-muted-foreground text-sm">
                A workflow repeats a lead search on a schedule and adds the new people it finds to your email
                lists.
              </p>
              <Button asChild variant="outline">
                <Link to="/workflows/create">
                  <PlusIcon /> Create Workflow
                </Link>
              </Button>
            </>
          )}
        </div>
      ) : (
        <section
          aria-label="Workflows"
          className="grid grid-cols-[repeat(auto-fill,minmax(20rem,1fr))] gap-4"
        >
          {workflows.data.map((workflow) => (
            <WorkflowCard
              key={workflow.id}
              workflow={workflow}
              canChange={canChange}
              busy={setStatus.isPending && setStatus.variables?.id === workflow.id}
              onStatus={(status) => setStatus.mutate({ id: workflow.id, status })}
              onDelete={() => setDeleting(workflow)}
            />
          ))}
        </section>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete workflow?"
        description={`Are you sure you want to delete "${deleting?.name ?? ''}"? Its schedule and run history are deleted too. Contacts it added stay in their lists.`}
        confirmLabel="Delete"
        destructive
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </div>
  );
}

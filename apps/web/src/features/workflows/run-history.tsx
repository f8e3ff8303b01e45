import type { WorkflowRun } from '@prospector/contracts';
import { PlayIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useCan } from '@/features/workspaces/use-workspaces';
import { countOf } from '@/lib/plural';
import { cn } from '@/lib/utils';
import { FormSection } from './form-section';
import { formatDateTime } from './format-run';
import { useRunWorkflowNow, useWorkflowRuns } from './workflow-queries';
import { WorkflowStatusBadge } from './workflow-status-badge';

const count = (value: number | undefined) => (value ?? 0).toLocaleString('en-US');

const plural = (n: number | undefined, word: string) => countOf(n ?? 0, word, `${word}s`);

function runDetails(run: WorkflowRun): string {
  const { metadata } = run;
  return [
    plural(metadata.pagesRead, 'page'),
    `${count(metadata.revealed)} revealed`,
    plural(metadata.skippedDuplicates, 'duplicate'),
    `${count(metadata.skippedNoEmail)} without email`,
  ].join(', ');
}

function RunRow({ run }: { run: WorkflowRun }) {
  return (
    <TableRow>
      <TableCell className="whitespace-nowrap align-top">
        <span className="block">{formatDateTime(run.startedAt ?? run.createdAt)}</span>
        <span className="block text-muted-foreground text-xs">
          {run.completedAt ? `Finished ${formatDateTime(run.completedAt)}` : 'Not finished'}
        </span>
      </TableCell>
      <TableCell className="whitespace-normal align-top">
        <WorkflowStatusBadge status={run.status} />
        <span
          className={cn(
            'mt-1 block text-xs',
            run.status === 'failed' ? 'text-destructive' : 'text-muted-foreground',
          )}
        >
          {run.status === 'failed' ? run.error : runDetails(run)}
        </span>
      </TableCell>
      <TableCell className="text-right align-top tabular-nums">{count(run.leadsFound)}</TableCell>
      <TableCell className="text-right align-top tabular-nums">{count(run.leadsProcessed)}</TableCell>
    </TableRow>
  );
}

/** The edit page's run history: each run's times, status, counts and error, and Run Now. */
export function RunHistory({ workflowId }: { workflowId: string }) {
  const canChange = useCan('member');
  const runs = useWorkflowRuns(workflowId);
  const runNow = useRunWorkflowNow(workflowId);
  const busy = runs.data?.some((run) => run.status === 'pending' || run.status === 'running') ?? false;
  return (
    <FormSection
      title="Run History"
      description="Each run searches Apollo and adds new leads to the selected lists."
    >
      {canChange && (
        <div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={busy || runNow.isPending}
            onClick={() => runNow.mutate()}
          >
            {runNow.isPending ? <Spinner /> : <PlayIcon />} Run Now
          </Button>
        </div>
      )}
      {runs.isPending ? (
        <Spinner label="Loading runs" />
      ) : runs.isError ? (
        <p className="text-destructive text-sm">Failed to fetch runs</p>
      ) : runs.data.length === 0 ? (
        <p className="text-muted-foreground text-sm">This workflow has not run yet.</p>
      ) : (
        <Table aria-label="Workflow runs">
          <TableHeader>
            <TableRow>
              <TableHead>Time</TableHead>
              <TableHead>Status</TableHead>
              <TableHead className="text-right">Found</TableHead>
              <TableHead className="text-right">Added</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {runs.data.map((run) => (
              <RunRow key={run.id} run={run} />
            ))}
          </TableBody>
        </Table>
      )}
    </FormSection>
  );
}

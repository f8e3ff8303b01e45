import { frequencyLabel, type Workflow } from '@prospector/contracts';
import { EyeIcon, PauseIcon, PencilIcon, PlayIcon, Trash2Icon } from 'lucide-react';
import type * as React from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { countOf } from '@/lib/plural';
import { cn } from '@/lib/utils';
import { formatDateTime, runSummary } from './format-run';
import { WorkflowStatusBadge } from './workflow-status-badge';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd className="break-words font-medium text-sm">{children}</dd>
    </div>
  );
}

/** One workflow on /workflows: the spec's facts, the next run and the last run's result, and its actions. */
export function WorkflowCard({
  workflow,
  canChange,
  busy,
  onStatus,
  onDelete,
}: {
  workflow: Workflow;
  /** False for a viewer: the card links to the workflow and offers no change. */
  canChange: boolean;
  busy: boolean;
  onStatus: (status: 'active' | 'paused') => void;
  onDelete: () => void;
}) {
  const { lastRun } = workflow;
  // A run started with Run Now leaves the schedule (and so lastRunAt) alone, but it is still the last run.
  const lastRunAt = workflow.lastRunAt ?? lastRun?.startedAt ?? null;
  return (
    <Card className="gap-4" aria-label={`Workflow ${workflow.name}`} role="article">
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <CardTitle className="min-w-0 truncate text-base">{workflow.name}</CardTitle>
          <WorkflowStatusBadge status={workflow.status} needsList={workflow.needsList} />
        </div>
        {workflow.description && (
          <CardDescription className="line-clamp-2">{workflow.description}</CardDescription>
        )}
      </CardHeader>
      <CardContent className="grid gap-3">
        <dl className="grid grid-cols-2 gap-3">
          <Fact label="Schedule">
            {workflow.startStrategy === 'immediately' ? 'Immediately' : 'Scheduled'}
          </Fact>
          <Fact label="Frequency">{frequencyLabel(workflow.frequencyType, workflow.frequencyInterval)}</Fact>
          <Fact label="Lead Limit">{countOf(workflow.leadLimit, 'lead', 'leads')}</Fact>
          <Fact label="Last Run">{lastRunAt ? formatDateTime(lastRunAt) : 'Never'}</Fact>
          {workflow.status === 'active' && workflow.nextRunAt && (
            <Fact label="Next Run">{formatDateTime(workflow.nextRunAt)}</Fact>
          )}
        </dl>
        {lastRun && (
          <p
            className={cn(
              'text-sm',
              lastRun.status === 'failed' ? 'text-destructive' : 'text-muted-foreground',
            )}
          >
            <span className="text-muted-foreground">Last result: </span>
            {runSummary(lastRun)}
          </p>
        )}
      </CardContent>
      <CardFooter className="flex flex-wrap gap-2">
        {canChange && workflow.status === 'active' && (
          <Button size="sm" variant="outline" disabled={busy} onClick={() => onStatus('paused')}>
            <PauseIcon /> Pause
          </Button>
        )}
        {canChange && (workflow.status === 'paused' || workflow.status === 'draft') && (
          <Button size="sm" variant="outline" disabled={busy} onClick={() => onStatus('active')}>
            <PlayIcon /> Activate
          </Button>
        )}
        <Button size="sm" variant="outline" asChild>
          <Link to={`/workflows/${workflow.id}`}>
            {canChange ? <PencilIcon /> : <EyeIcon />} {canChange ? 'Edit' : 'View'}
          </Link>
        </Button>
        {canChange && (
          <Button size="sm" variant="outline" className="text-destructive" onClick={onDelete}>
            <Trash2Icon /> Delete
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}

import { ArrowLeftIcon } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { errorStatus } from '@/lib/api';
import { SequenceNoteCard } from '../assistant/sequence-note-card';
import { SequenceSkipNotice } from '../launch-skips/launch-skip-notices';
import { RecordInAnotherWorkspace } from '../workspaces/record-in-another-workspace';
import { LinkedEmailLists } from './linked-email-lists';
// xyflow and the charts are only loaded on this page, after its first paint.
import { NextDaySchedule } from './next-day-schedule';
import { SequenceConfigCard } from './sequence-config-card';
import { useSequence } from './sequence-queries';
import { SequenceStatusBadge } from './sequence-status-badge';
import { useSteps } from './step-queries';
import { StepsSection } from './steps-section';
import { StrandedMailboxBanner } from './stranded-mailbox-banner';

const SequenceDiagram = lazy(() => import('./sequence-diagram'));
const SequenceAnalytics = lazy(() => import('../sequence-analytics/sequence-analytics'));

const backLink = (
  <Button asChild variant="ghost" size="sm" className="-ml-2 w-fit">
    <Link to="/sequences">
      <ArrowLeftIcon /> Back to Sequences
    </Link>
  </Button>
);

function Loading({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-10">
      <Spinner className="size-6" label={label} />
    </div>
  );
}

/** /sequences/{id}: configuration, steps with their reactions, linked lists, the diagram and analytics. */
export function SequenceDetailView({ id }: { id: string }) {
  const sequence = useSequence(id);
  const steps = useSteps(id);

  if (sequence.isPending) return <Loading label="Loading sequence" />;
  if (sequence.isError) {
    const missing = errorStatus(sequence.error) === 404 || errorStatus(sequence.error) === 400;
    return (
      <RecordInAnotherWorkspace
        record={{ kind: 'sequence', id: id }}
        back={backLink}
        missing={missing}
        notFoundTitle="Sequence not found"
        failedTitle="Failed to load sequence"
        onRetry={() => sequence.refetch()}
      />
    );
  }

  const data = sequence.data;
  const stepList = steps.data ?? [];
  return (
    <div className="@container mx-auto grid w-full max-w-6xl grid-cols-1 gap-6 p-4 sm:p-6 lg:p-8">
      <header className="grid gap-2">
        {backLink}
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="min-w-0 truncate font-semibold text-2xl tracking-tight">{data.name}</h1>
          <SequenceStatusBadge status={data.status} />
        </div>
        {data.description && <p className="text-muted-foreground text-sm">{data.description}</p>}
        {data.createdByName && (
          <p className="text-muted-foreground text-xs">Created by {data.createdByName}</p>
        )}
      </header>
      <StrandedMailboxBanner sequenceId={id} />
      <SequenceSkipNotice sequenceId={id} sequenceName={data.name} />
      {/* By the page's own width: the chat panel can take 400px of the window. */}
      <div className="grid grid-cols-1 items-start gap-6 @4xl:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="grid min-w-0 grid-cols-1 gap-6">
          <SequenceConfigCard sequence={data} steps={stepList} />
          <StepsSection sequence={data} steps={stepList} loading={steps.isPending} />
        </div>
        <div className="grid min-w-0 grid-cols-1 gap-6">
          <LinkedEmailLists sequenceId={id} />
          <SequenceNoteCard sequenceId={id} />
        </div>
      </div>
      {stepList.length > 0 && (
        <Card role="region" aria-labelledby="diagram-title">
          <CardHeader>
            <CardTitle id="diagram-title">Flow</CardTitle>
            <CardDescription>
              Where each contact goes after each step. Edit a step to change it.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Suspense fallback={<Loading label="Loading diagram" />}>
              <SequenceDiagram steps={stepList} trackOpens={data.trackOpens} />
            </Suspense>
          </CardContent>
        </Card>
      )}
      <NextDaySchedule sequenceId={id} />
      <Suspense fallback={<Loading label="Loading analytics" />}>
        <SequenceAnalytics sequenceId={id} />
      </Suspense>
    </div>
  );
}

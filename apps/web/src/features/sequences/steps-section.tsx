import type { Sequence, SequenceStep, StepPointerField } from '@prospector/contracts';
import { ListOrderedIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useCan } from '../workspaces/use-workspaces';
import { AddStepDialog } from './add-step-dialog';
import { StepCard } from './step-card';
import { useUpdateStep } from './step-queries';
import { UnreachableStepsBanner } from './unreachable-steps-banner';

/** A path of an existing step waiting for the step '+ Create New Step' is about to add. */
interface PendingPath {
  stepId: string;
  field: StepPointerField;
  assign: (stepId: string) => void;
}

/** The steps list and the add-step dialog; a step created from a path is put on that path at once. */
export function StepsSection({
  sequence,
  steps,
  loading,
}: {
  sequence: Sequence;
  steps: SequenceStep[];
  loading: boolean;
}) {
  const canChange = useCan('member');
  const [adding, setAdding] = useState(false);
  const [path, setPath] = useState<PendingPath | null>(null);
  const update = useUpdateStep(sequence.id);

  function created(step: SequenceStep) {
    if (!path) return;
    path.assign(step.id);
    update.mutate({ id: path.stepId, input: { [path.field]: step.id }, quiet: true });
    setPath(null);
  }

  return (
    <section aria-labelledby="steps-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="steps-heading" className="font-semibold text-lg">
          Steps
        </h2>
        {canChange && (
          <Button onClick={() => setAdding(true)}>
            <PlusIcon /> Add Step
          </Button>
        )}
      </div>
      {!loading && (
        <UnreachableStepsBanner sequenceId={sequence.id} steps={steps} trackOpens={sequence.trackOpens} />
      )}
      {loading ? (
        <Spinner className="size-6" label="Loading steps" />
      ) : steps.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-10 text-center">
          <ListOrderedIcon className="size-8 text-muted-foreground" aria-hidden />
          <p className="font-medium">No steps yet</p>
          {canChange && (
            <>
              <p className="max-w-sm text-muted-foreground text-sm">
                Add a first email to send. Then add follow-ups, waits and list moves, and choose what happens
                when an email is opened, ignored or answered.
              </p>
              <Button variant="outline" onClick={() => setAdding(true)}>
                <PlusIcon /> Add First Step
              </Button>
            </>
          )}
        </div>
      ) : (
        <ol className="grid gap-3">
          {steps.map((step) => (
            <li key={step.id}>
              <StepCard
                step={step}
                steps={steps}
                sequence={sequence}
                onCreateStepFor={(field, assign) => {
                  setPath({ stepId: step.id, field, assign });
                  setAdding(true);
                }}
              />
            </li>
          ))}
        </ol>
      )}
      {canChange && (
        <AddStepDialog
          open={adding}
          onOpenChange={(open) => {
            setAdding(open);
            if (!open) setPath((current) => (current ? null : current));
          }}
          sequence={sequence}
          steps={steps}
          onCreated={created}
        />
      )}
    </section>
  );
}

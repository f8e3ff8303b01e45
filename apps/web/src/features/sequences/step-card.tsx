import type { Sequence, SequenceStep } from '@prospector/contracts';
import { PencilIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { StepVariantsPanel } from '../ab-tests/step-variants-panel';
import { useCan } from '../workspaces/use-workspaces';
import { PreviewAsContact } from './preview-as-contact';
import { type CreateStepFor, StepEditor } from './step-editor';
import { stepFormValues } from './step-form';
import { useDeleteStep, useUpdateStep } from './step-queries';
import { StepSummary } from './step-summary';
import { STEP_TYPE_INFO } from './step-types';

/** One step: its summary, or its form with Save and Cancel (spec section 2). */
export function StepCard({
  step,
  steps,
  sequence,
  onCreateStepFor,
}: {
  step: SequenceStep;
  steps: SequenceStep[];
  sequence: Sequence;
  onCreateStepFor: CreateStepFor;
}) {
  const canChange = useCan('member');
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const update = useUpdateStep(sequence.id);
  const remove = useDeleteStep(sequence.id, () => setDeleting(false));
  const { label, icon: Icon } = STEP_TYPE_INFO[step.stepType];

  return (
    <Card role="article" aria-label={`Step ${step.order}: ${step.name}`} className="gap-4 py-5">
      <CardHeader className="px-5">
        <div className="flex flex-wrap items-center gap-3">
          <span
            className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/10 font-semibold text-primary text-sm"
            aria-hidden
          >
            {step.order}
          </span>
          <div className="min-w-0 flex-1">
            <CardTitle className="truncate text-base">{step.name}</CardTitle>
            <Badge variant="secondary" className="mt-1">
              <Icon aria-hidden /> {label}
            </Badge>
          </div>
          {!editing && (
            <div className="flex gap-2">
              {step.stepType === 'send_email' && <PreviewAsContact sequenceId={sequence.id} step={step} />}
              {canChange && (
                <>
                  <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
                    <PencilIcon /> Edit
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    className="text-destructive"
                    aria-label={`Delete step ${step.order}`}
                    onClick={() => setDeleting(true)}
                  >
                    <Trash2Icon />
                  </Button>
                </>
              )}
            </div>
          )}
        </div>
      </CardHeader>
      <CardContent className="px-5">
        {canChange && editing ? (
          <StepEditor
            stepId={step.id}
            initial={stepFormValues(step)}
            timezone={sequence.timezone}
            tracking={sequence}
            steps={steps}
            order={step.order}
            pending={update.isPending}
            submitLabel="Save"
            onSubmit={(input) =>
              update.mutate({ id: step.id, input }, { onSuccess: () => setEditing(false) })
            }
            onCancel={() => setEditing(false)}
            onCreateStepFor={onCreateStepFor}
          />
        ) : (
          <StepSummary step={step} steps={steps} sequence={sequence} />
        )}
        {step.stepType === 'send_email' && (
          <div className="mt-4">
            <StepVariantsPanel step={step} />
          </div>
        )}
      </CardContent>
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title="Delete Step"
        description={`Are you sure you want to delete "${step.name}"? Steps that lead to it will end the sequence instead. This action cannot be undone.`}
        confirmLabel="Delete"
        destructive
        pending={remove.isPending}
        onConfirm={() => remove.mutate(step.id)}
      />
    </Card>
  );
}

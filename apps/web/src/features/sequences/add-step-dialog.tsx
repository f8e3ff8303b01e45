import { type Sequence, type SequenceStep, STEP_TYPES, type StepType } from '@prospector/contracts';
import { useEffect, useState } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { StepEditor } from './step-editor';
import { newStepValues } from './step-form';
import { useCreateStep } from './step-queries';
import { STEP_TYPE_INFO } from './step-types';

/** Spec section 4 "Add-step flow": choose the type, fill its form, create, or go back to the choice. */
export function AddStepDialog({
  open,
  onOpenChange,
  sequence,
  steps,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  sequence: Sequence;
  steps: SequenceStep[];
  onCreated?: (step: SequenceStep) => void;
}) {
  const [type, setType] = useState<StepType | null>(null);
  const create = useCreateStep(sequence.id);
  useEffect(() => {
    if (open) setType(null);
  }, [open]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{type ? `Add Step: ${STEP_TYPE_INFO[type].label}` : 'Add Step'}</DialogTitle>
          <DialogDescription>
            {type
              ? `Step ${steps.length + 1} of this sequence. Times are in ${sequence.timezone}.`
              : 'Choose what this step does.'}
          </DialogDescription>
        </DialogHeader>
        {type === null ? (
          <ul className="grid gap-3 sm:grid-cols-3" aria-label="Step types">
            {STEP_TYPES.map((stepType) => {
              const { label, description, icon: Icon } = STEP_TYPE_INFO[stepType];
              return (
                <li key={stepType}>
                  <button
                    type="button"
                    onClick={() => setType(stepType)}
                    className="flex h-full w-full flex-col items-start gap-2 rounded-lg border p-4 text-left transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
                  >
                    <Icon className="size-5 text-primary" aria-hidden />
                    <span className="font-medium text-sm">{label}</span>
                    <span className="text-muted-foreground text-xs">{description}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        ) : (
          <StepEditor
            key={type}
            initial={newStepValues(type, steps.length, sequence.timezone)}
            timezone={sequence.timezone}
            tracking={sequence}
            steps={steps}
            order={null}
            pending={create.isPending}
            submitLabel="Add Step"
            onSubmit={(input) =>
              create.mutate(input, {
                onSuccess: (step) => {
                  onCreated?.(step);
                  onOpenChange(false);
                },
              })
            }
            onCancel={() => onOpenChange(false)}
            onBack={() => setType(null)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

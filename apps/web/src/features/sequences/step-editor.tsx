import type { CreateStepInput, SequenceStep, StepPointerField } from '@prospector/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { EmailListFormDialog } from '../email-lists/email-list-form-dialog';
import { useCreatePersona } from '../email-lists/email-list-queries';
import { QueuedEmailsNote } from '../templates/queued-emails-note';
import { TemplateEditorDialog } from '../templates/template-editor-dialog';
import { AddToListStepFields, WaitStepFields } from './other-step-fields';
import type { SequenceTracking } from './reaction-branches';
import { NextStepField, ReactionsEditor } from './reactions-editor';
import { SendEmailStepFields } from './send-email-step-fields';
import { laterSteps, type StepFormValues, stepResolver } from './step-form';

/** Called when '+ Create New Step' is used; `assign` puts the created step on that path of this form. */
export type CreateStepFor = (field: StepPointerField, assign: (stepId: string) => void) => void;

/**
 * The form of one step, for the add-step dialog and a step card's edit mode. `order` is the step's place
 * (null while it is being added: a new step is the last, so it has no later steps to point at yet).
 */
export function StepEditor({
  initial,
  timezone,
  tracking,
  steps,
  order,
  pending,
  submitLabel,
  onSubmit,
  onCancel,
  onBack,
  onCreateStepFor,
  stepId,
}: {
  /** The step being edited; absent while one is added. */
  stepId?: string;
  initial: StepFormValues;
  timezone: string;
  tracking: SequenceTracking;
  steps: SequenceStep[];
  order: number | null;
  pending: boolean;
  submitLabel: string;
  onSubmit: (input: CreateStepInput) => void;
  onCancel: () => void;
  onBack?: () => void;
  onCreateStepFor?: CreateStepFor;
}) {
  const form = useForm<StepFormValues, unknown, CreateStepInput>({
    resolver: stepResolver(timezone, order === null ? null : initial),
    defaultValues: initial,
  });
  const [creatingTemplate, setCreatingTemplate] = useState(false);
  const [creatingList, setCreatingList] = useState(false);
  const createList = useCreatePersona((persona) => {
    form.setValue('personaId', persona.id, { shouldDirty: true, shouldValidate: true });
    setCreatingList(false);
    toast({ title: 'Persona created and selected' });
  });
  const { stepType } = initial;
  const later = order === null ? [] : laterSteps(steps, order);
  const createStep = (field: StepPointerField) =>
    onCreateStepFor?.(field, (stepId) => form.setValue(field, stepId, { shouldDirty: true }));
  const branching = order !== null && onCreateStepFor;
  const templateId = form.watch('templateId');
  const templateChanged = Boolean(stepId && initial.templateId && templateId !== initial.templateId);

  return (
    <>
      <Form {...form}>
        <form noValidate className="grid gap-5" onSubmit={form.handleSubmit(onSubmit)}>
          {stepType === 'send_email' && (
            <SendEmailStepFields
              control={form.control}
              timezone={timezone}
              onCreateTemplate={() => setCreatingTemplate(true)}
            />
          )}
          {stepType === 'wait' && <WaitStepFields control={form.control} />}
          {stepType === 'add_to_persona' && (
            <AddToListStepFields control={form.control} onCreateList={() => setCreatingList(true)} />
          )}
          {branching && stepType === 'send_email' && (
            <ReactionsEditor
              control={form.control}
              later={later}
              tracking={tracking}
              onCreateStep={createStep}
            />
          )}
          {branching && stepType !== 'send_email' && (
            <NextStepField
              control={form.control}
              name="nextActionStepId"
              label={stepType === 'wait' ? 'After waiting, go to' : 'Then go to'}
              later={later}
              onCreateStep={createStep}
            />
          )}
          {order === null && stepType !== 'add_to_persona' && (
            <p className="text-muted-foreground text-xs">
              {stepType === 'send_email'
                ? 'Once the step is added, open it to choose what happens when the email is not opened, opened or replied to.'
                : 'Once the step is added, open it to choose which step follows the wait.'}
            </p>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            {templateChanged && <QueuedEmailsNote templateId={initial.templateId ?? null} stepId={stepId} />}
            {onBack && (
              <Button type="button" variant="ghost" className="mr-auto" onClick={onBack}>
                Back
              </Button>
            )}
            <Button type="button" variant="outline" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending && <Spinner />}
              {submitLabel}
            </Button>
          </div>
        </form>
      </Form>
      {/* Outside the <form>: a nested dialog's submit must not reach the step form. */}
      <TemplateEditorDialog
        open={creatingTemplate}
        onOpenChange={setCreatingTemplate}
        template={null}
        onSaved={(template) => {
          form.setValue('templateId', template.id, { shouldDirty: true, shouldValidate: true });
          toast({ title: 'Template created and selected' });
        }}
      />
      <EmailListFormDialog
        open={creatingList}
        onOpenChange={setCreatingList}
        pending={createList.isPending}
        onSubmit={(input) => createList.mutate(input)}
      />
    </>
  );
}

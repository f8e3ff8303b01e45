import type { SequenceStep, StepPointerField } from '@prospector/contracts';
import { PlusIcon } from 'lucide-react';
import { useWatch } from 'react-hook-form';
import { SwitchField } from '@/components/switch-field';
import { Button } from '@/components/ui/button';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { reactionBranches, type SequenceTracking } from './reaction-branches';
import type { StepControl } from './step-form';
import { NumberField } from './step-inputs';

/** 'End sequence' is stored as no step (null); a Select item cannot have an empty value. */
const END = 'end';

/** "End sequence" or one of the later steps, and '+ Create New Step' to add one for this path. */
export function NextStepField({
  control,
  name,
  label,
  later,
  onCreateStep,
}: {
  control: StepControl;
  name: StepPointerField;
  label: string;
  later: SequenceStep[];
  onCreateStep: (field: StepPointerField) => void;
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <div className="flex flex-wrap items-center gap-2">
            <Select value={field.value ?? END} onValueChange={(v) => field.onChange(v === END ? null : v)}>
              <FormControl>
                <SelectTrigger className="min-w-44 flex-1">
                  <SelectValue />
                </SelectTrigger>
              </FormControl>
              <SelectContent>
                <SelectItem value={END}>End sequence</SelectItem>
                {later.map((step) => (
                  <SelectItem key={step.id} value={step.id}>
                    {step.order}. {step.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <Button type="button" variant="outline" size="sm" onClick={() => onCreateStep(name)}>
              <PlusIcon /> Create New Step
            </Button>
          </div>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/**
 * Spec section 2: what happens after a send, for each outcome the step offers (reaction-branches.ts): the
 * clicked one when "Branch on click" is on, the opened one when the sequence tracks opens.
 */
export function ReactionsEditor({
  control,
  later,
  tracking,
  onCreateStep,
}: {
  control: StepControl;
  later: SequenceStep[];
  tracking: SequenceTracking;
  onCreateStep: (field: StepPointerField) => void;
}) {
  const branchOnClick = useWatch({ control, name: 'branchOnClick' });
  return (
    <fieldset className="grid gap-3 rounded-lg border p-4">
      <legend className="px-1 font-medium text-sm">Reactions</legend>
      <p className="text-muted-foreground text-xs">
        When the reaction window ends (or a reply arrives), the contact goes to the step chosen for what they
        did, after the wait.
        {!tracking.trackOpens &&
          ' This sequence does not track opens: "No reply" takes every contact who did not reply.'}
      </p>
      <SwitchField
        control={control}
        name="branchOnClick"
        label="Branch on click"
        hint='Adds a "Clicked (no reply)" path for contacts who click a link in the email and do not reply.'
        warning={
          branchOnClick && !tracking.trackClicks
            ? 'This sequence does not track clicks: nobody takes this path until Track clicks is on in its configuration.'
            : null
        }
      />
      {reactionBranches({ branchOnClick }, tracking.trackOpens).map((branch) => (
        <div
          key={branch.reaction}
          role="group"
          aria-label={branch.label}
          className="grid items-start gap-3 sm:grid-cols-[1fr_8rem]"
        >
          <NextStepField
            control={control}
            name={branch.stepField}
            label={`${branch.label}: next step`}
            later={later}
            onCreateStep={onCreateStep}
          />
          <NumberField
            control={control}
            name={branch.waitField}
            label="Wait (days)"
            nullable
            placeholder="0"
            max={365}
          />
        </div>
      ))}
    </fieldset>
  );
}

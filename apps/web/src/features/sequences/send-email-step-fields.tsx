import { formatClockTime } from '@prospector/contracts';
import { useId } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { FormControl, FormField, FormItem, FormLabel } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { countOf } from '@/lib/plural';
import type { StepControl } from './step-form';
import { NumberField, StepNameField } from './step-inputs';
import { TemplatePicker } from './template-picker';

/** One time box for the step's sendHour and sendMinute, in the sequence's time zone. */
function SendTimeField({ control, timezone }: { control: StepControl; timezone: string }) {
  const hour = useController({ control, name: 'sendHour' });
  const minute = useController({ control, name: 'sendMinute' });
  const error = hour.fieldState.error?.message ?? minute.fieldState.error?.message;
  // Unique per form: a step's editor and the nested add-step dialog can be open at once.
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id} className={error ? 'text-destructive' : undefined}>
        Send Time ({timezone})
      </Label>
      <Input
        id={id}
        // Both fields' refs: a refused time focuses the box (and scrolls the dialog to it) on submit.
        ref={(element) => {
          hour.field.ref(element);
          minute.field.ref(element);
        }}
        type="time"
        required
        aria-invalid={Boolean(error)}
        aria-describedby={error ? errorId : undefined}
        value={formatClockTime(hour.field.value, minute.field.value)}
        onChange={(event) => {
          const [h, m] = event.target.value.split(':').map(Number);
          if (Number.isInteger(h) && Number.isInteger(m)) {
            hour.field.onChange(h);
            minute.field.onChange(m);
          }
        }}
        onBlur={hour.field.onBlur}
      />
      {error && (
        <p id={errorId} role="alert" className="text-destructive text-sm">
          {error}
        </p>
      )}
    </div>
  );
}

/** The send-email step's fields (spec section 5 "Send-email step"). */
export function SendEmailStepFields({
  control,
  timezone,
  onCreateTemplate,
}: {
  control: StepControl;
  timezone: string;
  onCreateTemplate: () => void;
}) {
  const delayDays = useWatch({ control, name: 'delayDays' });
  return (
    <div className="grid gap-4">
      <StepNameField control={control} />
      <TemplatePicker control={control} onCreate={onCreateTemplate} />
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <NumberField control={control} name="delayDays" label="Delay (days)" min={0} max={365} />
        <SendTimeField control={control} timezone={timezone} />
      </div>
      <p className="-mt-2 text-muted-foreground text-xs">
        {delayDays === 0
          ? 'Sent on the day the contact reaches this step, at the send time.'
          : `Sent ${Number.isNaN(delayDays) ? 'some days' : countOf(delayDays, 'day', 'days')} after the contact reaches this step, at the send time.`}
      </p>
      <fieldset className="grid gap-2">
        <legend className="mb-2 font-medium text-sm">Reaction window</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <NumberField control={control} name="reactionWindowHours" label="Hours" min={0} />
          <NumberField control={control} name="reactionWindowMinutes" label="Minutes" min={0} max={59} />
        </div>
        <p className="text-muted-foreground text-xs">
          How long to watch for opens, clicks and replies before the contact takes the path for what they did.
        </p>
      </fieldset>
      <FormField
        control={control}
        name="threadWithPrevious"
        render={({ field }) => (
          <FormItem className="flex items-center gap-2">
            <FormControl>
              <input
                type="checkbox"
                className="size-4 cursor-pointer accent-primary"
                name={field.name}
                ref={field.ref}
                checked={field.value}
                onChange={(event) => field.onChange(event.target.checked)}
              />
            </FormControl>
            <FormLabel className="font-normal">Send as a reply in the thread of the previous email</FormLabel>
          </FormItem>
        )}
      />
    </div>
  );
}

import { WAIT_UNITS } from '@prospector/contracts';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { EmailListPicker } from './email-list-picker';
import type { StepControl } from './step-form';
import { NumberField, StepNameField } from './step-inputs';

const UNIT_LABELS = { hours: 'Hours', days: 'Days' } as const;

/** The wait step: how long (spec section 5 "Wait step": value at least 1, hours or days). */
export function WaitStepFields({ control }: { control: StepControl }) {
  return (
    <div className="grid gap-4">
      <StepNameField control={control} />
      <div className="grid gap-4 sm:grid-cols-2">
        <NumberField control={control} name="waitValue" label="Wait Time" min={1} />
        <FormField
          control={control}
          name="waitUnit"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Unit</FormLabel>
              <Select value={field.value} onValueChange={field.onChange}>
                <FormControl>
                  <SelectTrigger className="w-full">
                    <SelectValue placeholder="Choose a unit" />
                  </SelectTrigger>
                </FormControl>
                <SelectContent>
                  {WAIT_UNITS.map((unit) => (
                    <SelectItem key={unit} value={unit}>
                      {UNIT_LABELS[unit]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <FormMessage />
            </FormItem>
          )}
        />
      </div>
    </div>
  );
}

/** The add-to-list step: which email list the contact joins. */
export function AddToListStepFields({
  control,
  onCreateList,
}: {
  control: StepControl;
  onCreateList: () => void;
}) {
  return (
    <div className="grid gap-4">
      <StepNameField control={control} />
      <EmailListPicker control={control} onCreate={onCreateList} />
    </div>
  );
}

import { FormControl, FormDescription, FormField, FormItem, FormLabel } from '@/components/ui/form';
import { cn } from '@/lib/utils';
import type { SequenceControl } from './sequence-form';

export type SequenceSwitchName =
  | 'skipWeekends'
  | 'useRecipientTimezone'
  | 'autoEnrollNewContacts'
  | 'followUpsFirst'
  | 'stopCompanyOnReply';

/** One of the sequence's on/off settings: a checkbox, its label and, when given, a hint under it. */
export function SequenceCheckbox({
  control,
  name,
  label,
  hint,
  className,
}: {
  control: SequenceControl;
  name: SequenceSwitchName;
  label: string;
  hint?: string;
  className?: string;
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={cn('grid grid-cols-[auto_1fr] items-start gap-x-2 gap-y-0.5', className)}>
          <FormControl>
            <input
              type="checkbox"
              className="mt-0.5 size-4 cursor-pointer accent-primary"
              name={field.name}
              ref={field.ref}
              onBlur={field.onBlur}
              checked={field.value ?? false}
              onChange={(event) => field.onChange(event.target.checked)}
            />
          </FormControl>
          <FormLabel className="font-normal leading-snug">{label}</FormLabel>
          {hint && <FormDescription className="col-start-2 text-xs">{hint}</FormDescription>}
        </FormItem>
      )}
    />
  );
}

import type { ReactNode } from 'react';
import type { Control, FieldPathByValue, FieldValues } from 'react-hook-form';
import { FormControl, FormDescription, FormField, FormItem, FormLabel } from '@/components/ui/form';
import { Switch } from '@/components/ui/switch';

/**
 * An on/off setting of a form as a switch, its label beside it and, when given, a hint and further notes
 * under the label (the hint is the switch's description for screen readers). `warning` is a live region:
 * a warning that appears when the switch (or another setting) changes is read out.
 */
export function SwitchField<TValues extends FieldValues, TOutput>({
  control,
  name,
  label,
  hint,
  warning,
  children,
}: {
  control: Control<TValues, unknown, TOutput>;
  name: FieldPathByValue<TValues, boolean | undefined>;
  label: string;
  hint?: ReactNode;
  warning?: string | null;
  children?: ReactNode;
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className="grid grid-cols-[auto_1fr] items-start gap-x-3 gap-y-1">
          <FormControl>
            <Switch
              className="mt-px"
              name={field.name}
              ref={field.ref}
              onBlur={field.onBlur}
              checked={field.value ?? false}
              onCheckedChange={field.onChange}
            />
          </FormControl>
          <FormLabel className="font-normal leading-snug">{label}</FormLabel>
          {hint && <FormDescription className="col-start-2 text-xs">{hint}</FormDescription>}
          {warning !== undefined && (
            <div aria-live="polite" className="col-start-2">
              {warning && <p className="text-amber-700 text-xs dark:text-amber-300">{warning}</p>}
            </div>
          )}
          {children && <div className="col-start-2 grid gap-2">{children}</div>}
        </FormItem>
      )}
    />
  );
}

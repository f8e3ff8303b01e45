import { TEXT_LIMITS } from '@prospector/contracts';
import type { FieldPath } from 'react-hook-form';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import type { StepControl, StepFormValues } from './step-form';

type NumberFieldName = {
  [K in FieldPath<StepFormValues>]: StepFormValues[K] extends number | null ? K : never;
}[FieldPath<StepFormValues>];

/** A whole-number input; with `nullable`, an empty box means "not set" (null). */
export function NumberField({
  control,
  name,
  label,
  min = 0,
  max,
  nullable = false,
  placeholder,
  className,
}: {
  control: StepControl;
  name: NumberFieldName;
  label: string;
  min?: number;
  max?: number;
  nullable?: boolean;
  placeholder?: string;
  className?: string;
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={className}>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Input
              type="number"
              inputMode="numeric"
              min={min}
              max={max}
              step={1}
              placeholder={placeholder}
              name={field.name}
              ref={field.ref}
              onBlur={field.onBlur}
              value={field.value == null || Number.isNaN(field.value) ? '' : String(field.value)}
              onChange={(event) => {
                const raw = event.target.value;
                field.onChange(raw === '' ? (nullable ? null : Number.NaN) : Number(raw));
              }}
            />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** The step's name. */
export function StepNameField({ control }: { control: StepControl }) {
  return (
    <FormField
      control={control}
      name="name"
      render={({ field }) => (
        <FormItem>
          <FormLabel>Step Name</FormLabel>
          <FormControl>
            <Input maxLength={TEXT_LIMITS.name} {...field} />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

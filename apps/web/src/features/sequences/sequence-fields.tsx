import { SEQUENCE_TIMEZONES, TEXT_LIMITS } from '@prospector/contracts';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import type { SequenceControl } from './sequence-form';

/** Name, description, time zone, skip weekends and contact limit (spec sections 3 and 5). */
export function SequenceFields({ control }: { control: SequenceControl }) {
  return (
    <div className="@container">
      <div className="grid gap-4 @md:grid-cols-2">
        <FormField
          control={control}
          name="name"
          render={({ field }) => (
            <FormItem className="@md:col-span-2">
              <FormLabel>Sequence Name</FormLabel>
              <FormControl>
                <Input placeholder="e.g. Q3 outreach to CTOs" maxLength={TEXT_LIMITS.name} {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={control}
          name="description"
          render={({ field }) => (
            <FormItem className="@md:col-span-2">
              <FormLabel>Description (optional)</FormLabel>
              <FormControl>
                <Textarea
                  rows={2}
                  placeholder="What this sequence is for"
                  maxLength={TEXT_LIMITS.description}
                  {...field}
                  value={field.value ?? ''}
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={control}
          name="timezone"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Timezone</FormLabel>
              <Select value={field.value ?? 'UTC'} onValueChange={field.onChange}>
                <FormControl>
                  <SelectTrigger className="w-full">
                    <SelectValue />
                  </SelectTrigger>
                </FormControl>
                <SelectContent>
                  {SEQUENCE_TIMEZONES.map((zone) => (
                    <SelectItem key={zone} value={zone}>
                      {zone}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={control}
          name="contactLimit"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Contact Limit (optional)</FormLabel>
              <FormControl>
                <Input
                  type="number"
                  min={1}
                  step={1}
                  inputMode="numeric"
                  placeholder="No limit"
                  name={field.name}
                  ref={field.ref}
                  onBlur={field.onBlur}
                  value={field.value == null ? '' : String(field.value)}
                  onChange={(event) => field.onChange(event.target.value)}
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={control}
          name="skipWeekends"
          render={({ field }) => (
            <FormItem className="flex items-center gap-2 @md:col-span-2">
              <FormControl>
                <input
                  type="checkbox"
                  className="size-4 cursor-pointer accent-primary"
                  name={field.name}
                  ref={field.ref}
                  onBlur={field.onBlur}
                  checked={field.value ?? false}
                  onChange={(event) => field.onChange(event.target.checked)}
                />
              </FormControl>
              <FormLabel className="font-normal">Skip weekends (send on Monday instead)</FormLabel>
            </FormItem>
          )}
        />
      </div>
    </div>
  );
}

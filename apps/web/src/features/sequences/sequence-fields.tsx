import { SEQUENCE_TIMEZONES, TEXT_LIMITS } from '@prospector/contracts';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { SequenceCheckbox } from './sequence-checkbox';
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
        <SequenceCheckbox
          control={control}
          name="skipWeekends"
          label="Skip weekends (send on Monday instead)"
          className="@md:col-span-2"
        />
        <SequenceCheckbox
          control={control}
          name="useRecipientTimezone"
          label="Send at each recipient's local time"
          className="@md:col-span-2"
          hint="Each step's time, nights and weekends follow the contact's own time zone; contacts without one use the sequence's."
        />
      </div>
    </div>
  );
}

import {
  AI_LANGUAGES,
  AI_TONES,
  AI_WORD_COUNT,
  type AiGenerateInput,
  type aiGenerateSchema,
  TEXT_LIMITS,
} from '@prospector/contracts';
import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import {
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';

type AiForm = UseFormReturn<z.input<typeof aiGenerateSchema>, unknown, AiGenerateInput>;
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Subject, language, tone, word count and outline (spec section 5). */
export function AiGeneratorFields({ form }: { form: AiForm }) {
  return (
    <>
      <FormField
        control={form.control}
        name="subject"
        render={({ field }) => (
          <FormItem>
            <FormLabel>Email Subject</FormLabel>
            <FormControl>
              <Input maxLength={TEXT_LIMITS.subject} {...field} value={String(field.value ?? '')} />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <OptionSelectField form={form} name="language" label="Language" options={AI_LANGUAGES} />
        <OptionSelectField form={form} name="tone" label="Tone" options={AI_TONES} format={capitalise} />
        <FormField
          control={form.control}
          name="wordCount"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Word Count</FormLabel>
              <FormControl>
                <Input
                  type="number"
                  min={AI_WORD_COUNT.min}
                  max={AI_WORD_COUNT.max}
                  step={10}
                  name={field.name}
                  ref={field.ref}
                  onBlur={field.onBlur}
                  value={field.value === undefined || field.value === null ? '' : String(field.value)}
                  onChange={(event) =>
                    field.onChange(event.target.value === '' ? '' : event.target.valueAsNumber)
                  }
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
      </div>
      <FormField
        control={form.control}
        name="outline"
        render={({ field }) => (
          <FormItem>
            <FormLabel>Outline</FormLabel>
            <FormControl>
              <Textarea
                rows={6}
                placeholder={
                  '- Who you are and why you are writing\n- The problem you solve\n- The ask: a 15-minute call'
                }
                maxLength={TEXT_LIMITS.outline}
                {...field}
                value={String(field.value ?? '')}
              />
            </FormControl>
            <FormDescription>
              One point per line. Word count: {AI_WORD_COUNT.min} to {AI_WORD_COUNT.max}.
            </FormDescription>
            <FormMessage />
          </FormItem>
        )}
      />
    </>
  );
}

/** Language and tone: a labelled select over a fixed list of values. */
function OptionSelectField({
  form,
  name,
  label,
  options,
  format = (value) => value,
}: {
  form: AiForm;
  name: 'language' | 'tone';
  label: string;
  options: readonly string[];
  format?: (value: string) => string;
}) {
  return (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <Select value={String(field.value)} onValueChange={field.onChange}>
            <FormControl>
              <SelectTrigger className="w-full">
                <SelectValue />
              </SelectTrigger>
            </FormControl>
            <SelectContent>
              {options.map((option) => (
                <SelectItem key={option} value={option}>
                  {format(option)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

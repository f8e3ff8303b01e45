import { TEXT_LIMITS } from '@prospector/contracts';
import { CodeIcon, LayoutTemplateIcon } from 'lucide-react';
import { useRef } from 'react';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import type { TemplateEditor } from './use-template-editor';
import { VariableInserter } from './variable-inserter';

const TYPES = [
  { value: 'html', label: 'HTML', icon: CodeIcon },
  { value: 'builder', label: 'Drag & Drop Builder', icon: LayoutTemplateIcon },
] as const;

/** Name, subject (with a variable inserter) and the html/builder type toggle. */
export function TemplateFields({ editor }: { editor: TemplateEditor }) {
  const { form } = editor;
  const subjectInput = useRef<HTMLInputElement | null>(null);
  const type = form.watch('templateType');

  function insertIntoSubject(text: string) {
    const input = subjectInput.current;
    const value = form.getValues('subject');
    const at = input?.selectionStart ?? value.length;
    const end = input?.selectionEnd ?? at;
    form.setValue('subject', value.slice(0, at) + text + value.slice(end));
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(at + text.length, at + text.length);
    });
  }

  return (
    <div className="grid gap-4 md:grid-cols-2">
      <FormField
        control={form.control}
        name="name"
        render={({ field }) => (
          <FormItem>
            <FormLabel>Template Name</FormLabel>
            <FormControl>
              <Input placeholder="e.g., Introduction email" maxLength={TEXT_LIMITS.name} {...field} />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        control={form.control}
        name="subject"
        render={({ field }) => (
          <FormItem>
            <div className="flex items-center justify-between">
              <FormLabel>Subject</FormLabel>
            </div>
            <div className="flex gap-2">
              <FormControl>
                <Input
                  placeholder="e.g., Quick question, {{first_name}}"
                  maxLength={TEXT_LIMITS.subject}
                  counter={false}
                  {...field}
                  ref={(element) => {
                    field.ref(element);
                    subjectInput.current = element;
                  }}
                />
              </FormControl>
              <VariableInserter label="Variables for the subject" onInsert={insertIntoSubject} />
            </div>
            <FormMessage />
          </FormItem>
        )}
      />
      <fieldset className="grid gap-2 md:col-span-2">
        <legend className="mb-2 font-medium text-sm">Template Type</legend>
        <div
          role="radiogroup"
          aria-label="Template Type"
          className="inline-flex w-fit rounded-lg bg-muted p-1"
        >
          {TYPES.map(({ value, label, icon: Icon }) => (
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={type === value}
              onClick={() => editor.switchType(value)}
              className={cn(
                'inline-flex cursor-pointer items-center gap-2 rounded-md px-3 py-1.5 font-medium text-sm transition-colors',
                type === value ? 'bg-background shadow-sm' : 'text-muted-foreground hover:text-foreground',
              )}
            >
              <Icon className="size-4" aria-hidden />
              {label}
            </button>
          ))}
        </div>
      </fieldset>
    </div>
  );
}

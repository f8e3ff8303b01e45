import { PlusIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useTemplates } from '../templates/template-queries';
import type { StepControl } from './step-form';

/** The send step's template, with a way to write a new one without leaving the step. */
export function TemplatePicker({ control, onCreate }: { control: StepControl; onCreate: () => void }) {
  const templates = useTemplates();
  const none = templates.isSuccess && templates.data.length === 0;
  return (
    <FormField
      control={control}
      name="templateId"
      render={({ field }) => (
        <FormItem>
          <div className="flex items-center justify-between gap-2">
            <FormLabel>Email Template</FormLabel>
            <Button type="button" variant="link" size="sm" className="h-auto p-0" onClick={onCreate}>
              <PlusIcon /> Create New Template
            </Button>
          </div>
          <Select value={field.value} onValueChange={field.onChange} disabled={templates.isPending}>
            <FormControl>
              <SelectTrigger className="w-full" onBlur={field.onBlur}>
                <SelectValue
                  placeholder={
                    templates.isPending
                      ? 'Loading templates...'
                      : none
                        ? 'No templates yet: create one'
                        : 'Select an email template'
                  }
                />
              </SelectTrigger>
            </FormControl>
            <SelectContent className="max-h-[300px]">
              {(templates.data ?? []).map((template) => (
                <SelectItem key={template.id} value={template.id}>
                  {template.name}
                  <span className="text-muted-foreground"> · {template.subject}</span>
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

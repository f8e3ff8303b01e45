import { zodResolver } from '@hookform/resolvers/zod';
import { type Persona, type PersonaInput, personaInputSchema, TEXT_LIMITS } from '@prospector/contracts';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Form, FormControl, FormField, FormItem, FormLabel } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';

type ListField = 'name' | 'industry' | 'jobTitle' | 'location';
const FIELDS: { name: ListField; label: string; placeholder: string; max: number }[] = [
  { name: 'name', label: 'Name', placeholder: 'e.g. SaaS CTOs in Berlin', max: TEXT_LIMITS.name },
  { name: 'industry', label: 'Industry', placeholder: 'e.g. Software', max: TEXT_LIMITS.shortText },
  { name: 'jobTitle', label: 'Job Title', placeholder: 'e.g. CTO', max: TEXT_LIMITS.shortText },
  { name: 'location', label: 'Location', placeholder: 'e.g. Berlin, Germany', max: TEXT_LIMITS.shortText },
];

const valuesOf = (persona?: Persona | null): PersonaInput => ({
  name: persona?.name ?? '',
  industry: persona?.industry ?? '',
  jobTitle: persona?.jobTitle ?? '',
  location: persona?.location ?? '',
  description: persona?.description ?? '',
});

/**
 * The create and edit dialog for an email list (spec section 5: name, industry, job title and location
 * required, description optional). The four share one message, so it is shown once.
 */
export function EmailListFormDialog({
  open,
  onOpenChange,
  persona,
  pending,
  onSubmit,
  title,
  description,
  nameLabel = 'Name',
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The list being edited; omitted to create one. */
  persona?: Persona | null;
  pending: boolean;
  onSubmit: (input: PersonaInput) => void;
  /** Create dialogs opened from elsewhere (the workflow wizard) use the spec's own wording. */
  title?: string;
  description?: string;
  nameLabel?: string;
}) {
  const form = useForm({
    resolver: zodResolver(personaInputSchema),
    defaultValues: valuesOf(persona),
  });
  useEffect(() => {
    if (open) form.reset(valuesOf(persona));
  }, [open, persona, form]);
  const { errors } = form.formState;
  const firstError = [...FIELDS.map((f) => f.name), 'description' as const]
    .map((name) => errors[name]?.message)
    .find(Boolean);
  const editing = Boolean(persona);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{title ?? (editing ? 'Edit Email List' : 'Create Email List')}</DialogTitle>
          <DialogDescription>
            {description ??
              (editing
                ? 'Change the details of this email list.'
                : 'Describe the audience this list is for. You can add contacts once it exists.')}
          </DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form noValidate className="grid gap-4" onSubmit={form.handleSubmit(onSubmit)}>
            <div className="grid gap-4 sm:grid-cols-2">
              {FIELDS.map((f) => (
                <FormField
                  key={f.name}
                  control={form.control}
                  name={f.name}
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel>{f.name === 'name' ? nameLabel : f.label}</FormLabel>
                      <FormControl>
                        <Input placeholder={f.placeholder} maxLength={f.max} {...field} />
                      </FormControl>
                    </FormItem>
                  )}
                />
              ))}
            </div>
            <FormField
              control={form.control}
              name="description"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Description (optional)</FormLabel>
                  <FormControl>
                    <Textarea
                      rows={3}
                      placeholder="Who is on this list, and why"
                      maxLength={TEXT_LIMITS.description}
                      {...field}
                      value={field.value ?? ''}
                    />
                  </FormControl>
                </FormItem>
              )}
            />
            {firstError && (
              <p role="alert" className="text-destructive text-sm">
                {firstError}
              </p>
            )}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={pending}>
                {pending && <Spinner />}
                {editing ? 'Save Changes' : 'Create Email List'}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

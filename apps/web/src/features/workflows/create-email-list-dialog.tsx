import { zodResolver } from '@hookform/resolvers/zod';
import { type Persona, type PersonaInput, personaInputSchema } from '@prospector/contracts';
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
import { useCreatePersona } from '../email-lists/email-list-queries';

const FIELDS = [
  { name: 'name', label: 'Email List Name', placeholder: 'e.g. Marketing Managers' },
  { name: 'industry', label: 'Industry', placeholder: 'e.g. Software' },
  { name: 'jobTitle', label: 'Job Title', placeholder: 'e.g. Marketing Manager' },
  { name: 'location', label: 'Location', placeholder: 'e.g. United States' },
] as const;

const EMPTY: PersonaInput = { name: '', industry: '', jobTitle: '', location: '', description: null };

/** The wizard's 'Create New Email List' dialog: the new list is created and selected. */
export function CreateEmailListDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (persona: Persona) => void;
}) {
  const form = useForm({ resolver: zodResolver(personaInputSchema), defaultValues: EMPTY });
  const create = useCreatePersona((persona) => {
    onCreated(persona);
    onOpenChange(false);
  });
  useEffect(() => {
    if (open) form.reset(EMPTY);
  }, [open, form]);
  const firstError = FIELDS.map((f) => form.formState.errors[f.name]?.message).find(Boolean);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Create New Email List</DialogTitle>
          <DialogDescription>The new list is selected for this workflow.</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form
            noValidate
            className="grid gap-4"
            onSubmit={(event) => {
              // The dialog sits inside the workflow form: keep its submit from reaching that form.
              event.stopPropagation();
              void form.handleSubmit((input) => create.mutate(input))(event);
            }}
          >
            <div className="grid gap-4 sm:grid-cols-2">
              {FIELDS.map((f) => (
                <FormField
                  key={f.name}
                  control={form.control}
                  name={f.name}
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel>{f.label}</FormLabel>
                      <FormControl>
                        <Input placeholder={f.placeholder} {...field} />
                      </FormControl>
                    </FormItem>
                  )}
                />
              ))}
            </div>
            {firstError && (
              <p role="alert" className="text-destructive text-sm">
                {firstError}
              </p>
            )}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={create.isPending}>
                {create.isPending && <Spinner />}
                Create Email List
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

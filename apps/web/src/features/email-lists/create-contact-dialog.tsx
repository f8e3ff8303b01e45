import { zodResolver } from '@hookform/resolvers/zod';
import { type ContactCreateInput, contactCreateSchema } from '@prospector/contracts';
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
import { Form } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { ContactTextFields, EMPTY_CONTACT } from '../contacts/contact-fields';
import { useCreateListContact } from './email-list-queries';

/** The list detail's Add Contact form (spec section 5: 'Email is required'). */
export function CreateContactDialog({
  personaId,
  open,
  onOpenChange,
}: {
  personaId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const form = useForm({
    resolver: zodResolver(contactCreateSchema),
    defaultValues: EMPTY_CONTACT as ContactCreateInput,
  });
  const close = () => {
    onOpenChange(false);
    form.reset(EMPTY_CONTACT as ContactCreateInput);
  };
  const create = useCreateListContact(personaId, close);

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Add Contact</DialogTitle>
          <DialogDescription>The contact is created and added to this email list.</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form
            noValidate
            className="grid gap-4"
            onSubmit={form.handleSubmit((values) => create.mutate(values))}
          >
            <ContactTextFields control={form.control} />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" disabled={create.isPending}>
                {create.isPending && <Spinner />}
                Create Contact
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

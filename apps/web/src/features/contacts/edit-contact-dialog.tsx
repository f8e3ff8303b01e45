import { zodResolver } from '@hookform/resolvers/zod';
import {
  type Contact,
  type ContactUpdateInput,
  contactUpdateSchema,
  isContactsOwnUnsubscribe,
} from '@prospector/contracts';
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
import { Spinner } from '@/components/ui/spinner';
import { ContactActivity } from '@/features/replies/contact-activity';
import { ContactTextFields } from './contact-fields';
import { ContactLeadStatus } from './contact-lead-status';
import { useUpdateContact } from './contact-queries';
import { ContactZoneNote } from './contact-time-zone';
import { CustomFieldsEditor, firstErrorMessage } from './custom-fields-editor';
import { UNSUBSCRIBE_NOTE_ID, UnsubscribeNote } from './unsubscribe-note';

const valuesOf = (c: Contact): ContactUpdateInput => ({
  email: c.email,
  firstName: c.firstName ?? '',
  lastName: c.lastName ?? '',
  title: c.title ?? '',
  organizationName: c.organizationName ?? '',
  industry: c.industry ?? '',
  linkedinUrl: c.linkedinUrl ?? '',
  city: c.city ?? '',
  state: c.state ?? '',
  country: c.country ?? '',
  timezone: c.timezone ?? '',
  suppressed: c.suppressed,
  unsubscribed: c.unsubscribed,
  customFields: c.customFields,
});

const FLAGS = [
  { name: 'suppressed', label: 'Suppressed (never emailed)' },
  { name: 'unsubscribed', label: 'Unsubscribed' },
] as const;

/** The contacts page's edit dialog (spec section 5: 'Email address is required'). */
export function EditContactDialog({ contact, onClose }: { contact: Contact | null; onClose: () => void }) {
  const form = useForm({ resolver: zodResolver(contactUpdateSchema) });
  useEffect(() => {
    if (contact) form.reset(valuesOf(contact));
  }, [contact, form]);
  const update = useUpdateContact(onClose);
  // The contact's own unsubscribe (link, one-click, complaint, reply) cannot be undone: the box is locked.
  const locked = Boolean(contact?.unsubscribed && isContactsOwnUnsubscribe(contact.unsubscribeSource));

  return (
    <Dialog open={Boolean(contact)} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Edit Contact</DialogTitle>
          <DialogDescription>Change the contact's details and whether they may be emailed.</DialogDescription>
        </DialogHeader>
        {contact?.leadStatus && <ContactLeadStatus contact={contact} />}
        <Form {...form}>
          <form
            noValidate
            className="grid gap-4"
            onSubmit={form.handleSubmit((input) => contact && update.mutate({ id: contact.id, input }))}
          >
            <ContactTextFields control={form.control} />
            <FormField
              control={form.control}
              name="customFields"
              render={({ field, fieldState }) => (
                <CustomFieldsEditor
                  key={contact?.id}
                  value={field.value}
                  onChange={field.onChange}
                  error={firstErrorMessage(fieldState.error)}
                />
              )}
            />
            <ContactZoneNote contact={contact} />
            <div className="flex flex-wrap gap-6">
              {FLAGS.map((flag) => (
                <FormField
                  key={flag.name}
                  control={form.control}
                  name={flag.name}
                  render={({ field }) => (
                    <FormItem className="flex items-center gap-2">
                      <FormControl>
                        <input
                          type="checkbox"
                          className="size-4 accent-primary disabled:cursor-not-allowed disabled:opacity-50"
                          checked={Boolean(field.value)}
                          disabled={flag.name === 'unsubscribed' && locked}
                          aria-describedby={
                            flag.name === 'unsubscribed' && contact?.unsubscribed
                              ? UNSUBSCRIBE_NOTE_ID
                              : undefined
                          }
                          onChange={(event) => field.onChange(event.target.checked)}
                        />
                      </FormControl>
                      <FormLabel className="font-normal">{flag.label}</FormLabel>
                    </FormItem>
                  )}
                />
              ))}
            </div>
            {contact && <UnsubscribeNote contact={contact} />}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" disabled={update.isPending}>
                {update.isPending && <Spinner />}
                Save Changes
              </Button>
            </DialogFooter>
          </form>
        </Form>
        {contact && <ContactActivity contactId={contact.id} />}
      </DialogContent>
    </Dialog>
  );
}

import { ToastAction } from '@/components/ui/toast';
import { toast } from '@/components/ui/use-toast';
import { contactErrorMessage, existingContactId } from '../contacts/contact-error';

export const ADD_EXISTING_CONTACT = 'Add the existing contact to this list';

/**
 * The list page's Add Contact failed. When the address belongs to a contact the user already has, the toast
 * offers to add that contact to this list instead, and the answer is true.
 */
export function showCreateContactError(error: unknown, addExisting: (contactId: string) => void): boolean {
  const contactId = existingContactId(error);
  toast({
    title: 'Error',
    description: contactErrorMessage(error, 'Failed to create contact'),
    variant: 'destructive',
    // The long action reads best under the message than squeezed beside it.
    className: contactId ? 'flex-col items-start gap-3 space-x-0' : undefined,
    action: contactId ? (
      <ToastAction altText={ADD_EXISTING_CONTACT} onClick={() => addExisting(contactId)}>
        {ADD_EXISTING_CONTACT}
      </ToastAction>
    ) : undefined,
  });
  return contactId !== undefined;
}

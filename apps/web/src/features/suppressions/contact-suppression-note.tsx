import type { Contact } from '@prospector/contracts';
import { useQuery } from '@tanstack/react-query';
import { BanIcon } from 'lucide-react';
import { Link } from 'react-router';

/**
 * On a contact's profile, when the suppression list covers its address: why it is never emailed ("Hard
 * bounce", "Added by you"), and where the list is.
 */
export function ContactSuppressionNote({ contactId }: { contactId: string }) {
  const contact = useQuery<Contact>({ queryKey: ['/api/contacts', contactId] });
  const entry = contact.data?.suppression;
  if (!entry) return null;
  return (
    <p className="flex items-start gap-2 rounded-md border bg-muted/50 p-2 text-sm">
      <BanIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
      <span className="min-w-0">
        Never emailed: {entry.kind === 'domain' ? `the domain ${entry.value} is` : 'the address is'} on your{' '}
        <Link to="/settings?tab=suppressions" className="underline underline-offset-2">
          suppression list
        </Link>{' '}
        ({entry.label}).
      </span>
    </p>
  );
}

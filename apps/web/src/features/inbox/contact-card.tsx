import type { ConversationDetail } from '@prospector/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UserPlusIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useCan } from '@/features/workspaces/use-workspaces';
import { apiJson, serverMessage } from '@/lib/api';
import { ContactActivity } from '../replies/contact-activity';

/** Adds the address a "wrong person" reply pointed to as a new contact. */
function ReferralOffer({ email }: { email: string }) {
  const canChange = useCan('member');
  const queryClient = useQueryClient();
  const add = useMutation({
    mutationFn: () => apiJson('POST', '/api/contacts', { email }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['/api/contacts'] });
      toast({ title: 'Contact Added', description: `${email} is now a contact.` });
    },
    onError: (error) =>
      toast({
        title: 'Not Added',
        description: serverMessage(error, 'The contact could not be added'),
        variant: 'destructive',
      }),
  });
  if (!canChange) return null;
  return (
    <div className="space-y-2 rounded-md border border-violet-200 bg-violet-50 p-3 text-sm">
      <p>
        The reply points to <strong>{email}</strong>.
      </p>
      <Button
        size="sm"
        variant="outline"
        onClick={() => add.mutate()}
        disabled={add.isPending || add.isSuccess}
      >
        <UserPlusIcon aria-hidden />
        {add.isSuccess ? 'Added' : 'Add as contact'}
      </Button>
    </div>
  );
}

/** The contact beside the thread: fields, email lists, sequences and their state, events. */
export function ContactCard({ conversation }: { conversation: ConversationDetail }) {
  const contact = conversation.contact;
  if (!contact)
    return <p className="text-muted-foreground text-sm">No contact is linked to this conversation.</p>;
  const name = contact.name || [contact.firstName, contact.lastName].filter(Boolean).join(' ');
  return (
    <aside aria-label="Contact" className="space-y-4 text-sm">
      <div className="space-y-0.5">
        <p className="font-semibold">{name || contact.email}</p>
        {name && <p className="text-muted-foreground">{contact.email}</p>}
        {(contact.title || contact.company) && (
          <p className="text-muted-foreground">
            {[contact.title, contact.company].filter(Boolean).join(' · ')}
          </p>
        )}
        {contact.status !== 'active' && (
          <Badge variant="secondary" className="mt-1 capitalize">
            {contact.status}
          </Badge>
        )}
      </div>
      {conversation.leadStatusReason && (
        <p className="text-muted-foreground text-xs">
          Status {conversation.leadStatusSource === 'user' ? 'set by you' : 'set automatically'}:{' '}
          {conversation.leadStatusReason}
        </p>
      )}
      {conversation.referral && <ReferralOffer email={conversation.referral} />}
      <section className="space-y-1">
        <h3 className="font-medium">Email lists</h3>
        {contact.lists.length === 0 ? (
          <p className="text-muted-foreground">None</p>
        ) : (
          <ul className="flex flex-wrap gap-1">
            {contact.lists.map((list) => (
              <li key={list.id}>
                <Badge variant="outline" asChild>
                  <Link to={`/personas/${list.id}`}>{list.name}</Link>
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="space-y-1">
        <h3 className="font-medium">Sequences</h3>
        {contact.sequences.length === 0 ? (
          <p className="text-muted-foreground">None</p>
        ) : (
          <ul className="space-y-1">
            {contact.sequences.map((sequence) => (
              <li key={sequence.id} className="flex items-center justify-between gap-2">
                <Link
                  to={`/sequences/${sequence.id}`}
                  className="truncate underline-offset-2 hover:underline"
                >
                  {sequence.name}
                </Link>
                <Badge variant="secondary" className="capitalize">
                  {sequence.status}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </section>
      <ContactActivity contactId={contact.id} />
    </aside>
  );
}

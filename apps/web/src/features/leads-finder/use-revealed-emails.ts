import { type Lead, NO_EMAIL_AVAILABLE } from '@prospector/contracts';
import { useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { serverMessage } from '@/lib/api';
import { useRevealEmail } from './leads-queries';

/** 'Access email': reveals a lead's email (kept by the server for the user) and shows it at once, null when Apollo has none. */
export function useRevealedEmails() {
  const [revealed, setRevealed] = useState<ReadonlyMap<string, string | null>>(new Map());
  const reveal = useRevealEmail();
  const remember = (id: string, email: string | null) =>
    setRevealed((current) => new Map(current).set(id, email));

  const revealLead = (lead: Lead) =>
    reveal.mutate(lead.id, {
      onSuccess: (answer) => {
        if ('email' in answer && answer.email) return remember(lead.id, answer.email);
        remember(lead.id, null);
        toast({ title: NO_EMAIL_AVAILABLE, description: `Apollo has no email for ${lead.name}.` });
      },
      onError: (error) =>
        toast({
          title: 'Error',
          description: serverMessage(error, 'Failed to reveal email'),
          variant: 'destructive',
        }),
    });

  /** The lead with its revealed email, when one was revealed. */
  const withRevealed = (lead: Lead): Lead =>
    revealed.has(lead.id) ? { ...lead, email: revealed.get(lead.id) ?? null } : lead;

  return { revealLead, withRevealed, revealingId: reveal.isPending ? (reveal.variables ?? null) : null };
}

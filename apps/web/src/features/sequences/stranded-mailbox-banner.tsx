import type { SequenceStrandedMailboxes, StrandedMailbox } from '@prospector/contracts';
import { useQuery } from '@tanstack/react-query';
import { TriangleAlertIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useCan } from '@/features/workspaces/use-workspaces';
import { apiJson } from '@/lib/api';
import { countOf } from '../../lib/plural';
import { MoveMailboxDialog, strandedKey } from './move-mailbox-dialog';

const STATE_TEXT: Record<StrandedMailbox['state'], string> = {
  removed: 'was removed',
  disconnected: 'is disconnected',
  token_expired: 'needs to be reconnected (Google no longer accepts its connection)',
  error: 'is in error',
};

function headline(box: StrandedMailbox) {
  const emails = countOf(box.waitingEmails, 'email', 'emails');
  const contacts = countOf(box.enrolments, 'contact', 'contacts');
  return `${emails} to ${contacts} cannot go: ${box.email ?? 'their mailbox'} ${STATE_TEXT[box.state]}.`;
}

function advice(box: StrandedMailbox, canMove: boolean) {
  if (box.state === 'removed') {
    return canMove
      ? 'Move them to another connected mailbox of this sequence.'
      : 'Connect another mailbox to move them to it.';
  }
  return canMove
    ? 'Connect the same Google account again and they go out from it, or move them to another mailbox.'
    : 'Connect the same Google account again and they go out from it.';
}

/**
 * A warning on the sequence page while some of its contacts are pinned to a mailbox that cannot send,
 * with the number of waiting emails: reconnect it, or move them to another connected mailbox.
 */
export function StrandedMailboxBanner({ sequenceId }: { sequenceId: string }) {
  const canChange = useCan('member');
  const canReconnect = useCan('admin');
  const { data } = useQuery({
    queryKey: strandedKey(sequenceId),
    queryFn: () =>
      apiJson<SequenceStrandedMailboxes>('GET', `/api/sequences/${sequenceId}/stranded-mailboxes`),
  });
  const [moving, setMoving] = useState<StrandedMailbox | null>(null);
  if (!data || data.stranded.length === 0) return null;
  return (
    <>
      {data.stranded.map((box) => (
        <div
          key={box.accountId ?? 'removed'}
          role="alert"
          data-testid="stranded-mailbox-banner"
          className="flex flex-wrap items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950 text-sm dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
        >
          <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
          <div className="min-w-0 flex-1 space-y-1">
            <p className="font-medium">{headline(box)}</p>
            <p>{advice(box, data.targets.length > 0)}</p>
          </div>
          <div className="flex flex-wrap gap-2">
            {canReconnect && box.state !== 'removed' && (
              <Button asChild size="sm" variant="outline">
                <Link to="/connection/gmail#connected-accounts">Reconnect</Link>
              </Button>
            )}
            {canChange && data.targets.length > 0 && (
              <Button size="sm" onClick={() => setMoving(box)}>
                Move emails
              </Button>
            )}
          </div>
        </div>
      ))}
      <MoveMailboxDialog
        sequenceId={sequenceId}
        stranded={moving}
        targets={data.targets}
        onOpenChange={(open) => !open && setMoving(null)}
      />
    </>
  );
}

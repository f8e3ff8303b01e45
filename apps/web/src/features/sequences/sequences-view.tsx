import type { SequenceCard as Card_ } from '@prospector/contracts';
import { PlusIcon, RepeatIcon } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { LoadFailed } from '@/components/load-failed';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { PageHeader } from '@/pages/page-header';
import { useCan } from '../workspaces/use-workspaces';
import { CreateSequenceDialog } from './create-sequence-dialog';
import { SequenceCard } from './sequence-card';
import { useCloneSequence, useDeleteSequence, useSequenceCards } from './sequence-queries';
import { type StatusAction, useChangeSequenceStatus } from './sequence-status';
import { LaunchReviewDialog, startsByLaunch } from './start-by-launch';

/** /sequences: the cards, the Create Sequence dialog and the delete confirmation (spec section 2). */
export function SequencesView() {
  const cards = useSequenceCards();
  const canChange = useCan('member');
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Card_ | null>(null);
  const changeStatus = useChangeSequenceStatus();
  const clone = useCloneSequence();
  const remove = useDeleteSequence(() => setDeleting(null));
  const [reviewing, setReviewing] = useState<Card_ | null>(null);
  const onStatus = (sequence: Card_, action: StatusAction) => {
    if (action === 'activate' && startsByLaunch(sequence)) return setReviewing(sequence);
    changeStatus.mutate({ id: sequence.id, action });
  };

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 p-4 sm:p-6 lg:p-8">
      <PageHeader
        title="Sequences"
        subtitle="Manage your email sequences and automation workflows"
        actions={
          canChange && (
            <Button onClick={() => setCreating(true)}>
              <PlusIcon /> Create Sequence
            </Button>
          )
        }
      />
      {cards.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner className="size-6" label="Loading sequences" />
        </div>
      ) : cards.isError ? (
        <LoadFailed message="Failed to fetch sequences" onRetry={() => cards.refetch()} />
      ) : cards.data.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-14 text-center">
          <RepeatIcon className="size-8 text-muted-foreground" aria-hidden />
          <p className="font-medium">No sequences yet</p>
          <p className="max-w-sm text-muted-foreground text-sm">
            A sequence sends a series of emails from your mailbox and reacts to opens and replies.
          </p>
          {canChange && (
            <Button onClick={() => setCreating(true)}>
              <PlusIcon /> Create Your First Sequence
            </Button>
          )}
        </div>
      ) : (
        <section
          aria-label="Sequences"
          className="grid grid-cols-[repeat(auto-fill,minmax(19rem,1fr))] gap-4"
        >
          {cards.data.map((sequence) => (
            <SequenceCard
              key={sequence.id}
              sequence={sequence}
              canChange={canChange}
              onStatus={(action) => onStatus(sequence, action)}
              onClone={() => clone.mutate(sequence.id)}
              cloning={clone.isPending && clone.variables === sequence.id}
              onDelete={() => setDeleting(sequence)}
            />
          ))}
        </section>
      )}
      <CreateSequenceDialog open={creating} onOpenChange={setCreating} />
      {/* Mounted while open, so each opening counts the contacts afresh. */}
      {reviewing && <LaunchReviewDialog sequence={reviewing} onClose={() => setReviewing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Sequence"
        description={`Are you sure you want to delete "${deleting?.name ?? ''}"? This action cannot be undone.`}
        confirmLabel="Delete"
        destructive
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </div>
  );
}

import type { InboxLabel, LeadStatus } from '@prospector/contracts';
import { CheckIcon, MailOpenIcon } from 'lucide-react';
import { forwardRef } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useCan } from '@/features/workspaces/use-workspaces';
import { ContactCard } from './contact-card';
import { ForwardDialog } from './forward-dialog';
import { useConversation, useUpdateConversation } from './inbox-queries';
import { LeadStatusBadge } from './lead-status-badge';
import { LeadStatusMenu } from './lead-status-menu';
import { ReplyBox, type ReplyBoxHandle } from './reply-box';
import { ThreadMessage } from './thread-message';

/** The open conversation: every message in order, the reply box, and the contact's card beside it. */
interface ConversationPaneProps {
  id: string | null;
  labels: InboxLabel[];
  onDone: (id: string) => void;
}

export const ConversationPane = forwardRef<ReplyBoxHandle, ConversationPaneProps>(function ConversationPane(
  { id, labels, onDone },
  replyRef,
) {
  const { data, isPending, isError } = useConversation(id);
  const update = useUpdateConversation();
  const canChange = useCan('member');
  if (!id) {
    return (
      <div className="flex h-full min-h-64 flex-col items-center justify-center gap-2 text-center text-muted-foreground text-sm">
        <MailOpenIcon className="size-6" aria-hidden />
        <p>Choose a conversation to read it.</p>
        <p className="text-xs">
          <kbd>j</kbd>/<kbd>k</kbd> move, <kbd>Enter</kbd> opens
          {canChange && (
            <>
              , <kbd>e</kbd> done, <kbd>r</kbd> reply, <kbd>1</kbd>–<kbd>6</kbd> status
            </>
          )}
        </p>
      </div>
    );
  }
  if (isPending) return <Spinner />;
  if (isError || !data)
    return <p className="text-destructive text-sm">This conversation could not be loaded.</p>;
  const setStatus = (leadStatus: LeadStatus | null) => update.mutate({ id: data.id, patch: { leadStatus } });
  const replyTo = data.contactEmail ?? data.messages.findLast((m) => m.direction === 'in')?.from ?? '';
  return (
    <div className="grid grid-cols-1 gap-6 @4xl:grid-cols-[minmax(0,1fr)_240px]">
      <section aria-label="Conversation" className="min-w-0 space-y-4">
        <header className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0 flex-1 basis-60 space-y-1">
            <h2 className="truncate font-semibold text-lg">{data.subject || '(no subject)'}</h2>
            <p className="flex flex-wrap items-center gap-2 text-muted-foreground text-xs">
              {data.mailbox && <span>via {data.mailbox.email}</span>}
              {data.sequence && (
                <span>
                  · {data.sequence.name}
                  {data.step && `, step ${data.step.order}`}
                </span>
              )}
              <LeadStatusBadge status={data.leadStatus} labels={labels} reason={data.leadStatusReason} />
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {canChange && (
              <>
                <LeadStatusMenu
                  status={data.leadStatus}
                  labels={labels}
                  onChange={setStatus}
                  disabled={!data.contactId}
                />
                <ForwardDialog conversationId={data.id} />
                <Button size="sm" variant="outline" onClick={() => onDone(data.id)}>
                  <CheckIcon aria-hidden />
                  Done
                </Button>
              </>
            )}
          </div>
        </header>
        <ol className="space-y-3">
          {data.messages.map((message) => (
            <li key={message.id}>
              <ThreadMessage message={message} />
            </li>
          ))}
        </ol>
        {canChange && (
          <ReplyBox
            ref={replyRef}
            key={data.id}
            conversationId={data.id}
            to={replyTo}
            values={data.contact?.variables ?? null}
          />
        )}
      </section>
      <ContactCard conversation={data} />
    </div>
  );
});

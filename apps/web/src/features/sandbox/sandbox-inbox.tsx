import { ArrowLeftIcon, FlaskConicalIcon, SendIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatDate } from '@/features/mailboxes/format-date';
import { useCan } from '@/features/workspaces/use-workspaces';
import { cn } from '@/lib/utils';
import { PageHeader } from '@/pages/page-header';
import { MessageStatus, MessageView } from './message-view';
import { ReplyDialog } from './reply-dialog';
import { headerOf, type SandboxInboxMessage, useSandboxMessages, useSendSample } from './sandbox-queries';

/** Every message the user's sandbox mailboxes sent, with headers and body, and reply/auto-reply/bounce/open. */
export function SandboxInbox() {
  const canChange = useCan('member');
  const { data, isPending, isError } = useSandboxMessages();
  const sample = useSendSample();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [replying, setReplying] = useState<SandboxInboxMessage | null>(null);
  const messages = data?.messages ?? [];
  const selected = messages.find((m) => m.id === selectedId) ?? messages[0];

  return (
    <div className="@container mx-auto w-full max-w-7xl space-y-6 p-4 sm:p-6 lg:p-8">
      <PageHeader
        title="Sandbox Inbox"
        subtitle="Every email your sandbox mailboxes sent. None of it left this server."
        actions={
          <>
            <Button asChild variant="outline">
              <Link to="/connection/gmail#connected-accounts">
                <ArrowLeftIcon aria-hidden />
                Mailboxes
              </Link>
            </Button>
            {canChange && (
              <Button disabled={sample.isPending} onClick={() => sample.mutate()}>
                {sample.isPending ? <Spinner /> : <SendIcon aria-hidden />}
                Send Sample Email
              </Button>
            )}
          </>
        }
      />
      {isPending && <Spinner />}
      {isError && <p className="text-destructive text-sm">Failed to load the sandbox inbox.</p>}
      {data && messages.length === 0 && (
        <section className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-14 text-center">
          <FlaskConicalIcon className="size-6 text-muted-foreground" aria-hidden />
          <p className="font-medium">No sandbox emails yet</p>
          <p className="max-w-md text-muted-foreground text-sm">
            Send a test email or run a sequence from a sandbox mailbox and it shows up here.
          </p>
        </section>
      )}
      {selected && (
        <div className="grid gap-4 @4xl:grid-cols-[minmax(16rem,22rem)_minmax(0,1fr)]">
          <ul className="max-h-[40vh] space-y-1 overflow-auto @4xl:max-h-[75vh]" aria-label="Sent messages">
            {messages.map((m) => (
              <li key={m.id}>
                <button
                  type="button"
                  onClick={() => setSelectedId(m.id)}
                  aria-current={m.id === selected.id}
                  className={cn(
                    'w-full cursor-pointer rounded-lg border px-3 py-2 text-left text-sm hover:bg-accent',
                    m.id === selected.id && 'border-primary bg-accent',
                  )}
                >
                  <span className="block truncate font-medium">
                    {headerOf(m, 'Subject') || '(no subject)'}
                  </span>
                  <span className="block truncate text-muted-foreground text-xs">
                    To {headerOf(m, 'To')} · from {m.mailbox} · {formatDate(m.sentAt)}
                  </span>
                  <MessageStatus message={m} />
                </button>
              </li>
            ))}
          </ul>
          <MessageView message={selected} onReply={() => setReplying(selected)} />
        </div>
      )}
      <ReplyDialog message={replying} onOpenChange={(open) => !open && setReplying(null)} />
    </div>
  );
}

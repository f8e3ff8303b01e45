import type { ReplyItem } from '@prospector/contracts';
import { ExternalLinkIcon, InboxIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { PageHeader } from '@/pages/page-header';
import { MarkMessageMenu } from './mark-message-menu';
import { useReplies } from './replies-queries';

const formatWhen = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

/** A return date is a calendar day (stored as its UTC midnight). */
const formatDay = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

function ThreadLink({ reply }: { reply: ReplyItem }) {
  if (!reply.threadUrl) return null;
  const label = `Open the thread with ${reply.contact.email}`;
  if (reply.threadUrl.startsWith('/')) {
    return (
      <Button asChild size="sm" variant="outline">
        <Link to={reply.threadUrl} aria-label={label}>
          <InboxIcon aria-hidden />
          Sandbox Inbox
        </Link>
      </Button>
    );
  }
  return (
    <Button asChild size="sm" variant="outline">
      <a href={reply.threadUrl} target="_blank" rel="noreferrer" aria-label={label}>
        <ExternalLinkIcon aria-hidden />
        Open in Gmail
      </a>
    </Button>
  );
}

/** Every reply detected in the user's mailboxes to a sequence email: the start of a unified inbox. */
export function RepliesView() {
  const [includeAutoReplies, setIncludeAutoReplies] = useState(false);
  const { data, isPending, isError } = useReplies(includeAutoReplies);
  const toggleId = useId();
  const replies = data?.replies ?? [];

  return (
    <div className="mx-auto w-full max-w-7xl space-y-6 p-4 sm:p-6 lg:p-8">
      <PageHeader
        title="Replies"
        subtitle="Every reply to your sequence emails. A reply stops the contact's sequence."
        actions={
          <div className="flex items-center gap-2">
            <input
              id={toggleId}
              type="checkbox"
              className="size-4 accent-primary"
              checked={includeAutoReplies}
              onChange={(event) => setIncludeAutoReplies(event.target.checked)}
            />
            <Label htmlFor={toggleId}>Show auto-replies</Label>
          </div>
        }
      />
      {isPending && <Spinner />}
      {isError && <p className="text-destructive text-sm">Failed to load replies.</p>}
      {data && replies.length === 0 && (
        <section className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-14 text-center">
          <InboxIcon className="size-6 text-muted-foreground" aria-hidden />
          <p className="font-medium">No replies yet</p>
          <p className="max-w-md text-muted-foreground text-sm">
            When a contact answers one of your sequence emails, the reply shows up here.
          </p>
        </section>
      )}
      {replies.length > 0 && (
        <div className="rounded-xl border">
          <Table aria-label="Replies">
            <TableHeader>
              <TableRow>
                <TableHead>Contact</TableHead>
                <TableHead>Sequence</TableHead>
                <TableHead>Step</TableHead>
                <TableHead className="w-[40%]">Reply</TableHead>
                <TableHead>Received</TableHead>
                <TableHead>
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {replies.map((reply) => (
                <TableRow key={reply.id}>
                  <TableCell>
                    <span className="block font-medium">{reply.contact.name ?? reply.contact.email}</span>
                    {reply.contact.name && (
                      <span className="block text-muted-foreground text-xs">{reply.contact.email}</span>
                    )}
                  </TableCell>
                  <TableCell>{reply.sequence?.name ?? '—'}</TableCell>
                  <TableCell>{reply.step ? `${reply.step.order}. ${reply.step.name}` : '—'}</TableCell>
                  <TableCell className="whitespace-normal">
                    {reply.type === 'auto_reply' && (
                      <Badge variant="secondary" className="mr-2">
                        {reply.outOfOfficeUntil
                          ? `Out of office until ${formatDay(reply.outOfOfficeUntil)}`
                          : 'Auto-reply'}
                      </Badge>
                    )}
                    {reply.type === 'unclassified' && (
                      <Badge
                        variant="outline"
                        className="mr-2"
                        title="An automated message no rule recognised"
                      >
                        Automated, unclassified
                      </Badge>
                    )}
                    <span className="line-clamp-2 text-sm">{reply.snippet || reply.subject}</span>
                  </TableCell>
                  <TableCell className="whitespace-nowrap text-sm">{formatWhen(reply.receivedAt)}</TableCell>
                  <TableCell>
                    <div className="flex items-center justify-end gap-2">
                      {reply.type === 'unclassified' && <MarkMessageMenu reply={reply} />}
                      <ThreadLink reply={reply} />
                    </div>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </div>
  );
}

import type { InboxMessage } from '@prospector/contracts';
import { ImageIcon, PaperclipIcon } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useCan } from '@/features/workspaces/use-workspaces';
import { cn } from '@/lib/utils';
import { zonedTimeAfterVerb, zonedTimeCell } from '@/lib/zoned-time';
import { MarkMessageMenu } from '../replies/mark-message-menu';
import { MessageFrame } from './message-frame';

const KIND_LABELS: Record<string, string> = {
  auto_reply: 'Automatic reply',
  bounce: 'Bounce',
  delay: 'Delivery delayed',
  complaint: 'Complaint',
  unclassified: 'Automated, unclassified',
};

/** One message of the thread: who, when, its body (HTML in a safe frame, else text), quoted text folded. */
export function ThreadMessage({ message }: { message: InboxMessage }) {
  const canChange = useCan('member');
  const [showImages, setShowImages] = useState(false);
  const [showQuoted, setShowQuoted] = useState(false);
  const ours = message.direction === 'out';
  const hasQuoted = message.html
    ? /<blockquote|gmail_quote|divRplyFwdMsg/i.test(message.html)
    : message.replyText.trim() !== message.text.trim();
  return (
    <article
      aria-label={`${ours ? 'Sent' : 'Received'} ${zonedTimeAfterVerb(message.sentAt)}`}
      className={cn('space-y-3 rounded-xl border p-4', ours ? 'bg-muted/40' : 'bg-card')}
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate font-medium text-sm">
            {ours ? 'You' : message.fromName || message.from}
            {!ours && message.fromName && (
              <span className="ml-1 font-normal text-muted-foreground">&lt;{message.from}&gt;</span>
            )}
          </p>
          <p className="truncate text-muted-foreground text-xs">to {message.to}</p>
        </div>
        <div className="flex items-center gap-2">
          {message.sentByAssistant && <Badge variant="outline">Sent by the assistant</Badge>}
          {message.kind && KIND_LABELS[message.kind] && (
            <Badge variant="secondary">{KIND_LABELS[message.kind]}</Badge>
          )}
          {canChange && message.kind === 'unclassified' && message.eventId && (
            <MarkMessageMenu eventId={message.eventId} from={message.from} />
          )}
          <time dateTime={message.sentAt} className="whitespace-nowrap text-muted-foreground text-xs">
            {zonedTimeCell(message.sentAt)}
          </time>
        </div>
      </header>
      {message.hasRemoteImages && !showImages && (
        <div className="flex items-center justify-between gap-2 rounded-md bg-muted px-3 py-2 text-xs">
          <span className="flex items-center gap-1.5 text-muted-foreground">
            <ImageIcon className="size-3.5" aria-hidden />
            Remote images are blocked, so the sender cannot tell you opened this.
          </span>
          <Button size="sm" variant="ghost" className="h-7" onClick={() => setShowImages(true)}>
            Show images
          </Button>
        </div>
      )}
      {message.html ? (
        <MessageFrame
          html={message.html}
          showImages={showImages}
          showQuoted={showQuoted}
          title={`Message from ${message.from}`}
        />
      ) : (
        <p className="wrap-anywhere whitespace-pre-wrap text-sm">
          {showQuoted ? message.text : message.replyText}
        </p>
      )}
      {hasQuoted && (
        <Button
          size="sm"
          variant="ghost"
          className="h-7 px-2 text-xs"
          onClick={() => setShowQuoted((v) => !v)}
          aria-expanded={showQuoted}
        >
          {showQuoted ? 'Hide quoted text' : 'Show quoted text'}
        </Button>
      )}
      {message.attachments.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Attachments">
          {message.attachments.map((file) => (
            <li key={file.filename} className="flex items-center gap-1 rounded-md border px-2 py-1 text-xs">
              <PaperclipIcon className="size-3" aria-hidden />
              {file.filename}{' '}
              <span className="text-muted-foreground">({Math.ceil(file.size / 1024)} KB)</span>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}

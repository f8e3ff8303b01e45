import { TEXT_LIMITS } from '@prospector/contracts';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { headerOf, type SandboxInboxMessage, useSandboxAction } from './sandbox-queries';

const DEFAULT_REPLY = 'Thanks for reaching out. This sounds interesting; could we talk next week?';

/** Writes the recipient's reply; it arrives in the sender's mailbox, in the same thread. */
export function ReplyDialog({
  message,
  onOpenChange,
}: {
  message: SandboxInboxMessage | null;
  onOpenChange: (open: boolean) => void;
}) {
  const [text, setText] = useState(DEFAULT_REPLY);
  const act = useSandboxAction();
  return (
    <Dialog open={message !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Simulate a Reply</DialogTitle>
          <DialogDescription>
            {message ? `${headerOf(message, 'To')} answers "${headerOf(message, 'Subject')}".` : ''}
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor="sandbox-reply-text">Reply text</Label>
          <Textarea
            id="sandbox-reply-text"
            rows={5}
            maxLength={TEXT_LIMITS.replyText}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            disabled={act.isPending || !message}
            onClick={() =>
              message &&
              act.mutate({ message, action: 'reply', text }, { onSuccess: () => onOpenChange(false) })
            }
          >
            {act.isPending && <Spinner />}
            Send Reply
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

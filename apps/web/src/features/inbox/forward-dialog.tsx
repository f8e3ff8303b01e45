import { TEXT_LIMITS } from '@prospector/contracts';
import { ForwardIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useForward } from './inbox-queries';

/** Forwards the conversation's latest message to an address, with an optional note. */
export function ForwardDialog({ conversationId }: { conversationId: string }) {
  const [open, setOpen] = useState(false);
  const [to, setTo] = useState('');
  const [note, setNote] = useState('');
  const forward = useForward(conversationId);
  const toId = useId();
  const noteId = useId();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline">
          <ForwardIcon aria-hidden />
          Forward
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-md">
        <form
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            forward.mutate({ to, text: note }, { onSuccess: () => setOpen(false) });
          }}
        >
          <DialogHeader>
            <DialogTitle>Forward</DialogTitle>
            <DialogDescription>
              The latest message goes to this address from the thread's mailbox.
            </DialogDescription>
          </DialogHeader>
          <div className="space-y-2">
            <Label htmlFor={toId}>To</Label>
            <Input
              id={toId}
              type="email"
              required
              maxLength={TEXT_LIMITS.email}
              value={to}
              onChange={(e) => setTo(e.target.value)}
            />
          </div>
          <div className="space-y-2">
            <Label htmlFor={noteId}>Note (optional)</Label>
            <Textarea
              id={noteId}
              rows={3}
              maxLength={TEXT_LIMITS.replyText}
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!to.trim() || forward.isPending}>
              Forward
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

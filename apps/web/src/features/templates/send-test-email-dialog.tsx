import {
  EMAIL_ADDRESS_REQUIRED,
  type Sender,
  type SendTestEmailResult,
  type Template,
} from '@prospector/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { SendIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { apiJson, serverMessage } from '@/lib/api';
import { RenderContactSelect, useRenderContacts } from './render-contact-select';
import { SenderSelect, senderValue } from './sender-select';

/** Send Test Email (spec sections 2, 5 and 8): the template, an address, and the sender (default preselected). */
export function SendTestEmailDialog({
  template,
  open,
  onOpenChange,
}: {
  template: Template | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [email, setEmail] = useState('');
  const [sender, setSender] = useState('');
  const [contactId, setContactId] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const senders = useQuery<Sender[]>({ queryKey: ['/api/senders'], enabled: open });
  const contacts = useRenderContacts(open);
  const noContact = contacts.data?.contacts.length === 0;

  useEffect(() => {
    if (senders.isError)
      toast({ title: 'Error', description: 'Failed to fetch senders', variant: 'destructive' });
  }, [senders.isError]);
  useEffect(() => {
    const preferred = senders.data?.find((s) => s.isDefault) ?? senders.data?.[0];
    if (open && preferred && !sender) setSender(senderValue(preferred));
  }, [open, senders.data, sender]);

  const send = useMutation({
    mutationFn: (body: {
      id: string;
      email: string;
      senderAccountId: string | null;
      sendAsEmail: string | null;
      contactId: string | null;
    }) => apiJson<SendTestEmailResult>('POST', `/api/templates/${body.id}/send-test`, body),
    onSuccess: () => {
      toast({ title: 'Test email sent successfully' });
      onOpenChange(false);
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: serverMessage(error, 'Failed to send test email'),
        variant: 'destructive',
      }),
  });

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!template) return setProblem('No template selected');
    if (!email.trim()) return setProblem(EMAIL_ADDRESS_REQUIRED);
    setProblem(null);
    const chosen = senders.data?.find((s) => senderValue(s) === sender);
    send.mutate({
      id: template.id,
      email: email.trim(),
      senderAccountId: chosen?.accountId ?? null,
      sendAsEmail: chosen?.email ?? null,
      contactId: contactId || null,
    });
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Send Test Email</DialogTitle>
          <DialogDescription>
            {template ? (
              <>
                <span className="block font-medium text-foreground">{template.name}</span>
                <span className="block">Subject: {template.subject}</span>
              </>
            ) : (
              'No template selected'
            )}
          </DialogDescription>
        </DialogHeader>
        <form noValidate className="grid min-w-0 gap-4" onSubmit={submit}>
          <div className="grid gap-2">
            <Label htmlFor="test-email-address">Email Address</Label>
            <Input
              id="test-email-address"
              type="email"
              placeholder="you@example.com"
              value={email}
              aria-invalid={problem ? true : undefined}
              onChange={(event) => {
                setEmail(event.target.value);
                setProblem(null);
              }}
            />
            {problem && <p className="text-destructive text-sm">{problem}</p>}
          </div>
          <SenderSelect
            senders={senders.data}
            loading={senders.isPending}
            value={sender}
            onChange={setSender}
          />
          <RenderContactSelect
            id="test-contact"
            value={contactId}
            onChange={setContactId}
            contacts={contacts.data?.contacts}
            loading={contacts.isPending}
          />
          <p className="text-muted-foreground text-xs">
            Sent to this address only, exactly as a sequence would send it to this contact from this sender,
            with "[Test] " before the subject.
          </p>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={send.isPending || noContact}>
              {send.isPending ? <Spinner /> : <SendIcon aria-hidden />}
              Send Test Email
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

import type { PreviewContacts, SequenceStep, StepPreview } from '@prospector/contracts';
import { useQuery } from '@tanstack/react-query';
import { ChevronLeftIcon, ChevronRightIcon, EyeIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { apiJson, serverMessage } from '@/lib/api';
import { EmailPreviewFrame } from '../templates/email-preview-frame';

/** A send step as one contact will receive it, stepping through the contacts with the arrow keys. */
export function PreviewAsContact({ sequenceId, step }: { sequenceId: string; step: SequenceStep }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        <EyeIcon /> Preview as contact
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="sm:max-w-3xl">
          <DialogHeader>
            <DialogTitle>Preview "{step.name}" as a contact</DialogTitle>
            <DialogDescription>
              Exactly what the contact receives: their fields, the sender and their pick of each random
              option. Use the left and right arrow keys to go through the contacts.
            </DialogDescription>
          </DialogHeader>
          {open && <PreviewBody sequenceId={sequenceId} stepId={step.id} />}
        </DialogContent>
      </Dialog>
    </>
  );
}

function PreviewBody({ sequenceId, stepId }: { sequenceId: string; stepId: string }) {
  const [index, setIndex] = useState(0);
  const people = useQuery({
    queryKey: ['/api/sequences', sequenceId, 'preview-contacts'],
    queryFn: () => apiJson<PreviewContacts>('GET', `/api/sequences/${sequenceId}/preview-contacts`),
    gcTime: 0,
  });
  const list = people.data?.contacts ?? [];
  const contact = list[index];
  const last = list.length - 1;
  // The left and right arrow keys move between contacts wherever the focus is in the dialog.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
      event.preventDefault();
      const delta = event.key === 'ArrowRight' ? 1 : -1;
      setIndex((i) => Math.min(last, Math.max(0, i + delta)));
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [last]);
  const preview = useQuery({
    queryKey: ['/api/sequences', sequenceId, 'steps', stepId, 'preview', contact?.id],
    queryFn: () =>
      apiJson<StepPreview>(
        'GET',
        `/api/sequences/${sequenceId}/steps/${stepId}/preview?contactId=${encodeURIComponent(contact?.id ?? '')}`,
      ),
    enabled: Boolean(contact),
    placeholderData: (previous) => previous,
  });
  if (people.isPending) {
    return (
      <p className="flex items-center gap-2 text-muted-foreground text-sm">
        <Spinner /> Loading contacts...
      </p>
    );
  }
  if (list.length === 0) {
    return (
      <p className="text-muted-foreground text-sm">Link an email list with contacts to preview this step.</p>
    );
  }
  const go = (delta: number) => setIndex((i) => Math.min(list.length - 1, Math.max(0, i + delta)));
  const email = preview.data;
  return (
    <section aria-label="Email preview" className="grid gap-3">
      <div className="flex items-center gap-2">
        <Button
          size="icon"
          variant="outline"
          aria-label="Previous contact"
          disabled={index === 0}
          onClick={() => go(-1)}
        >
          <ChevronLeftIcon />
        </Button>
        <p className="min-w-0 flex-1 truncate text-sm" aria-live="polite" data-testid="preview-contact">
          <strong>{contact?.name || contact?.email}</strong> {contact?.name ? `<${contact.email}>` : ''} ·{' '}
          {index + 1} of {people.data?.total ?? list.length}
          {(people.data?.total ?? 0) > list.length ? ` (the first ${list.length} can be previewed)` : ''}
          {contact && !contact.enrolled ? ' · not enrolled yet' : ''}
        </p>
        <Button
          size="icon"
          variant="outline"
          aria-label="Next contact"
          disabled={index >= list.length - 1}
          onClick={() => go(1)}
        >
          <ChevronRightIcon />
        </Button>
      </div>
      {preview.isError && (
        <p className="text-destructive text-sm">
          {serverMessage(preview.error, 'Failed to preview this step')}
        </p>
      )}
      {email && (
        <>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-muted-foreground">From</dt>
            <dd>{email.sender ? `${email.sender.name ?? ''} <${email.sender.email}>` : 'No mailbox yet'}</dd>
            <dt className="text-muted-foreground">Subject</dt>
            <dd data-testid="preview-as-contact-subject" className="font-medium">
              {email.subject}
            </dd>
            {email.variantLabel && (
              <>
                <dt className="text-muted-foreground">Version</dt>
                <dd>{email.variantLabel}</dd>
              </>
            )}
          </dl>
          {email.missingVariables.length + email.unknownVariables.length > 0 && (
            <p role="alert" className="text-destructive text-sm">
              Not sent to this contact as it stands: no value for{' '}
              {[...email.missingVariables, ...email.unknownVariables].join(', ')}.
            </p>
          )}
          <EmailPreviewFrame
            html={email.html}
            title="Email as the contact receives it"
            className="h-[360px]"
          />
        </>
      )}
    </section>
  );
}

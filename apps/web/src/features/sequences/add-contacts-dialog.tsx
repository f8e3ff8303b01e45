import type { EnrolmentResult, PersonaContactsResponse } from '@prospector/contracts';
import { MAX_PAGE_SIZE, SELECT_EMAIL_LIST_MESSAGE } from '@prospector/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { TargetSelectField } from '@/components/target-select-field';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { apiJson } from '@/lib/api';
import { usePersonas } from '../email-lists/email-list-queries';
import { enrolmentSummary } from './enrolment-summary';
import { useEnrollInSequence } from './linked-list-queries';

const BOX = 'size-4 shrink-0 cursor-pointer accent-primary';

/** Enroll contacts picked from one of the user's email lists; shows how many were enrolled and skipped. */
export function AddContactsDialog({
  sequenceId,
  open,
  onOpenChange,
}: {
  sequenceId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const lists = usePersonas();
  const [listId, setListId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [result, setResult] = useState<EnrolmentResult | null>(null);
  const contacts = useQuery<PersonaContactsResponse>({
    queryKey: ['/api/personas', listId, 'contacts', { page: 1, limit: MAX_PAGE_SIZE }],
    queryFn: () => apiJson('GET', `/api/personas/${listId}/contacts?page=1&limit=${MAX_PAGE_SIZE}`),
    enabled: open && listId !== '',
    // The list may have changed since it was last opened here.
    staleTime: 0,
  });
  const enroll = useEnrollInSequence(sequenceId, (outcome) => {
    setResult(outcome);
    toast({ title: 'Contacts added to sequence', description: enrolmentSummary(outcome).enrolled });
  });
  useEffect(() => {
    if (!open) return;
    setListId('');
    setError(null);
    setResult(null);
  }, [open]);
  useEffect(() => {
    setPicked(new Set((contacts.data?.contacts ?? []).map((c) => c.id)));
  }, [contacts.data]);

  const shown = contacts.data?.contacts ?? [];
  const toggle = (id: string) =>
    setPicked((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  function submit() {
    if (!listId) return setError(SELECT_EMAIL_LIST_MESSAGE);
    if (picked.size > 0) enroll.mutate([...picked]);
  }
  const summary = result && enrolmentSummary(result);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Add Contacts to Sequence</DialogTitle>
          <DialogDescription>
            Pick contacts from one of your email lists. Contacts already in the sequence, unsubscribed,
            suppressed, bounced or blacklisted are skipped.
          </DialogDescription>
        </DialogHeader>
        {summary ? (
          <div role="status" className="grid gap-1 rounded-lg border bg-muted/40 p-4 text-sm">
            <p className="font-medium">{summary.enrolled}</p>
            {summary.skipped && <p className="text-muted-foreground">{summary.skipped}</p>}
          </div>
        ) : (
          <div className="grid gap-4">
            <TargetSelectField
              id="enroll-list"
              label="Email list"
              placeholder={lists.isPending ? 'Loading email lists...' : 'Select an email list'}
              options={(lists.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
              value={listId}
              onValueChange={(value) => {
                setListId(value);
                setError(null);
              }}
              error={error}
            />
            {listId && contacts.isPending && <Spinner label="Loading contacts" />}
            {listId && contacts.isSuccess && shown.length === 0 && (
              <p className="text-muted-foreground text-sm">This email list has no contacts yet.</p>
            )}
            {shown.length > 0 && (
              <fieldset className="grid gap-2">
                <legend className="mb-1 flex w-full items-center justify-between text-sm">
                  <span>
                    {picked.size} of {shown.length} selected
                    {contacts.data && contacts.data.total > shown.length
                      ? ` (first ${shown.length} of ${contacts.data.total})`
                      : ''}
                  </span>
                </legend>
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className={BOX}
                    checked={picked.size === shown.length}
                    onChange={() =>
                      setPicked(picked.size === shown.length ? new Set() : new Set(shown.map((c) => c.id)))
                    }
                  />
                  Select all
                </label>
                <ul className="grid max-h-64 gap-1 overflow-y-auto rounded-md border p-2">
                  {shown.map((contact) => (
                    <li key={contact.id}>
                      <label className="flex items-center gap-2 text-sm">
                        <input
                          type="checkbox"
                          className={BOX}
                          checked={picked.has(contact.id)}
                          onChange={() => toggle(contact.id)}
                        />
                        <span className="truncate">
                          {contact.name || contact.email}
                          {contact.name && <span className="text-muted-foreground"> · {contact.email}</span>}
                        </span>
                      </label>
                    </li>
                  ))}
                </ul>
              </fieldset>
            )}
          </div>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {summary ? 'Done' : 'Cancel'}
          </Button>
          {!summary && (
            <Button onClick={submit} disabled={enroll.isPending || (listId !== '' && picked.size === 0)}>
              {enroll.isPending && <Spinner />}
              Add to Sequence
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

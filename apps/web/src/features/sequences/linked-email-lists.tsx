import { SELECT_EMAIL_LIST_MESSAGE } from '@prospector/contracts';
import { ListIcon, PlusIcon, UserPlusIcon, XIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { TargetSelectField } from '@/components/target-select-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { countOf } from '@/lib/plural';
import { EmailListFormDialog } from '../email-lists/email-list-form-dialog';
import { useCreatePersona, usePersonas } from '../email-lists/email-list-queries';
import { useCan } from '../workspaces/use-workspaces';
import { AddContactsDialog } from './add-contacts-dialog';
import { useAddEmailList, useLinkedEmailLists, useRemoveEmailList } from './linked-list-queries';

/** The email lists whose contacts this sequence is for, and adding contacts to it directly. */
export function LinkedEmailLists({ sequenceId }: { sequenceId: string }) {
  const canChange = useCan('member');
  const linked = useLinkedEmailLists(sequenceId);
  const lists = usePersonas();
  const add = useAddEmailList(sequenceId);
  const remove = useRemoveEmailList(sequenceId);
  const [choice, setChoice] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [enrolling, setEnrolling] = useState(false);
  const create = useCreatePersona((persona) => {
    setCreating(false);
    setChoice(persona.id);
    setError(null);
    toast({ title: 'Persona created and selected' });
  });
  useEffect(() => {
    if (linked.isError) {
      toast({ title: 'Error', description: 'Failed to fetch linked email lists', variant: 'destructive' });
    }
  }, [linked.isError]);

  const linkedIds = new Set((linked.data ?? []).map((l) => l.id));
  const options = (lists.data ?? [])
    .filter((l) => !linkedIds.has(l.id))
    .map((l) => ({ value: l.id, label: `${l.name} (${countOf(l.contactCount, 'contact', 'contacts')})` }));

  function link() {
    if (!choice) return setError(SELECT_EMAIL_LIST_MESSAGE);
    add.mutate(choice, { onSuccess: () => setChoice('') });
  }

  return (
    <Card role="region" aria-labelledby="linked-lists-title">
      <CardHeader>
        <CardTitle id="linked-lists-title">Email Lists</CardTitle>
        <CardDescription>
          Activating enrols the contacts of these lists; contacts added later join by themselves.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {linked.isPending ? (
          <Spinner label="Loading linked email lists" />
        ) : (linked.data ?? []).length === 0 ? (
          <p className="text-muted-foreground text-sm">No email lists linked yet.</p>
        ) : (
          <ul className="grid grid-cols-1 gap-2" aria-label="Linked email lists">
            {(linked.data ?? []).map((list) => (
              <li key={list.id} className="flex items-center gap-2 rounded-md border px-3 py-2 text-sm">
                <ListIcon className="size-4 text-muted-foreground" aria-hidden />
                <Link to={`/personas/${list.id}`} className="min-w-0 flex-1 truncate hover:underline">
                  {list.name}
                </Link>
                <span className="shrink-0 text-muted-foreground text-xs">
                  {countOf(list.contactCount, 'contact', 'contacts')}
                </span>
                {canChange && (
                  <Button
                    size="icon"
                    variant="ghost"
                    className="size-7"
                    aria-label={`Remove ${list.name}`}
                    disabled={remove.isPending}
                    onClick={() => remove.mutate(list.id)}
                  >
                    <XIcon />
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        {canChange && (
          <>
            <div className="grid gap-2">
              <TargetSelectField
                id="link-email-list"
                label="Add an email list"
                placeholder={
                  lists.isPending
                    ? 'Loading email lists...'
                    : options.length === 0
                      ? 'No other email lists: create one'
                      : 'Select an email list'
                }
                options={options}
                value={choice}
                onValueChange={(value) => {
                  setChoice(value);
                  setError(null);
                }}
                error={error}
              />
              <div className="flex flex-wrap gap-2">
                <Button size="sm" onClick={link} disabled={add.isPending}>
                  {add.isPending && <Spinner />} Add Email List
                </Button>
                <Button size="sm" variant="outline" onClick={() => setCreating(true)}>
                  <PlusIcon /> Create New Email List
                </Button>
              </div>
            </div>
            <div className="border-t pt-4">
              <Button variant="outline" className="w-full" onClick={() => setEnrolling(true)}>
                <UserPlusIcon /> Add Contacts to Sequence
              </Button>
            </div>
          </>
        )}
      </CardContent>
      <EmailListFormDialog
        open={canChange && creating}
        onOpenChange={setCreating}
        pending={create.isPending}
        onSubmit={(input) => create.mutate(input)}
      />
      <AddContactsDialog sequenceId={sequenceId} open={canChange && enrolling} onOpenChange={setEnrolling} />
    </Card>
  );
}

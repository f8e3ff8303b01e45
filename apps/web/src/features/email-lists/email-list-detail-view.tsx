import { ArrowLeftIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useCan } from '@/features/workspaces/use-workspaces';
import { errorStatus } from '@/lib/api';
import { PageHeader } from '@/pages/page-header';
import { RecordInAnotherWorkspace } from '../workspaces/record-in-another-workspace';
import { DeleteEmailListDialog } from './delete-email-list-dialog';
import { EmailListFormDialog } from './email-list-form-dialog';
import { EmailListInfo, LinkedSequences } from './email-list-info';
import { useDeletePersona, usePersona, useUpdatePersona } from './email-list-queries';
import { ListContactsSection } from './list-contacts-section';

/** /personas/{id}: the list's info, linked sequences, contacts, and the edit and delete dialogs. */
export function EmailListDetailView({ id }: { id: string }) {
  const canChange = useCan('member');
  const navigate = useNavigate();
  const persona = usePersona(id);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const update = useUpdatePersona(id, () => setEditing(false));
  const remove = useDeletePersona(id, () => navigate('/personas', { replace: true }));

  const back = (
    <Button asChild variant="ghost" size="sm" className="-ml-2 w-fit">
      <Link to="/personas">
        <ArrowLeftIcon /> Email Lists
      </Link>
    </Button>
  );
  if (persona.isPending) {
    return (
      <div className="flex justify-center p-16">
        <Spinner className="size-6" label="Loading email list" />
      </div>
    );
  }
  if (!persona.data) {
    const missing = errorStatus(persona.error) === 404;
    return (
      <RecordInAnotherWorkspace
        record={{ kind: 'list', id }}
        back={back}
        missing={missing}
        notFoundTitle="Email list not found"
        failedTitle="Failed to fetch email lists"
        onRetry={() => persona.refetch()}
      />
    );
  }
  const list = persona.data;
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 p-4 sm:p-6 lg:p-8">
      {back}
      <PageHeader
        title={list.name}
        subtitle={`${list.jobTitle} · ${list.industry} · ${list.location}`}
        actions={
          canChange && (
            <>
              <Button variant="outline" onClick={() => setEditing(true)}>
                <PencilIcon /> Edit
              </Button>
              <Button variant="outline" className="text-destructive" onClick={() => setDeleting(true)}>
                <Trash2Icon /> Delete
              </Button>
            </>
          )
        }
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <EmailListInfo persona={list} />
        <LinkedSequences personaId={id} />
      </div>
      <ListContactsSection persona={list} />
      <EmailListFormDialog
        open={editing}
        onOpenChange={setEditing}
        persona={list}
        pending={update.isPending}
        onSubmit={(input) => update.mutate(input)}
      />
      <DeleteEmailListDialog
        persona={list}
        open={deleting}
        onOpenChange={setDeleting}
        pending={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
    </div>
  );
}

import { CheckIcon, PlusIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { countOf } from '@/lib/plural';
import { cn } from '@/lib/utils';
import { EmailListFormDialog } from '../email-lists/email-list-form-dialog';
import { useCreatePersona, usePersonas } from '../email-lists/email-list-queries';
import { FieldError } from './field-problem';
import { FormSection } from './form-section';
import { FIELD_IDS, type WorkflowProblem } from './workflow-form';

/** Step 2 'Actions' (and the edit page): the email lists each run adds its new leads to. */
export function EmailListPicker({
  selected,
  onChange,
  problem = null,
}: {
  selected: string[];
  onChange: (emailListIds: string[]) => void;
  problem?: WorkflowProblem | null;
}) {
  const lists = usePersonas();
  const [creating, setCreating] = useState(false);
  const create = useCreatePersona((persona) => {
    onChange([...selected, persona.id]);
    setCreating(false);
  });
  useEffect(() => {
    if (lists.isError)
      toast({ title: 'Error', description: 'Failed to fetch email lists', variant: 'destructive' });
  }, [lists.isError]);
  const toggle = (id: string) =>
    onChange(selected.includes(id) ? selected.filter((value) => value !== id) : [...selected, id]);

  return (
    <FormSection
      title="Add to Email List"
      description="New leads found by each run are added to the selected lists."
    >
      {lists.isPending ? (
        <Spinner label="Loading email lists" />
      ) : lists.isError ? (
        <p className="text-destructive text-sm">Failed to fetch email lists</p>
      ) : lists.data.length === 0 ? (
        <p className="text-muted-foreground text-sm">No email lists available. Create one to continue.</p>
      ) : (
        <ul
          id={FIELD_IDS.emailListIds}
          tabIndex={-1}
          className={cn(
            'grid grid-cols-1 gap-2 rounded-lg outline-none',
            problem?.field === 'emailListIds' && 'ring-2 ring-destructive/40 ring-offset-2',
          )}
          aria-label="Email lists"
        >
          {lists.data.map((list) => {
            const isSelected = selected.includes(list.id);
            return (
              <li key={list.id}>
                <button
                  type="button"
                  aria-pressed={isSelected}
                  onClick={() => toggle(list.id)}
                  className={cn(
                    'flex w-full items-start justify-between gap-3 rounded-lg border p-3 text-left transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                    isSelected && 'border-primary bg-primary/5',
                  )}
                >
                  <span className="min-w-0">
                    <span className="block truncate font-medium text-sm">{list.name}</span>
                    <span className="block truncate text-muted-foreground text-xs">
                      {list.industry} · {list.jobTitle} · {countOf(list.contactCount, 'contact', 'contacts')}
                    </span>
                  </span>
                  {isSelected && (
                    <Badge>
                      <CheckIcon aria-hidden /> Selected
                    </Badge>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <FieldError field="emailListIds" problem={problem} />
      <div>
        <Button type="button" variant="outline" onClick={() => setCreating(true)}>
          <PlusIcon /> Create New Email List
        </Button>
      </div>
      <EmailListFormDialog
        open={creating}
        onOpenChange={setCreating}
        title="Create New Email List"
        description="The new list is selected for this workflow."
        nameLabel="Email List Name"
        pending={create.isPending}
        onSubmit={(input) => create.mutate(input)}
      />
    </FormSection>
  );
}

import { type Contact, customFieldsSchema } from '@prospector/contracts';
import { PencilIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useCan } from '@/features/workspaces/use-workspaces';
import { useUpdateContact } from './contact-queries';
import { CustomFieldsEditor } from './custom-fields-editor';

/**
 * The custom fields section of a contact's profile: each field as the variable it is in emails, and an
 * editor that saves them through the same contact update as the edit dialog.
 */
export function ContactCustomFields({ contact }: { contact: Contact }) {
  const canChange = useCan('member');
  const [saved, setSaved] = useState(contact.customFields ?? {});
  const [draft, setDraft] = useState<Record<string, string> | null>(null);
  const [problem, setProblem] = useState<string | undefined>();
  const update = useUpdateContact(() => {});
  const entries = Object.entries(saved);

  async function save(fields: Record<string, string>) {
    const checked = customFieldsSchema.safeParse(fields);
    if (!checked.success) return setProblem(checked.error.issues[0]?.message);
    setProblem(undefined);
    try {
      const updated = await update.mutateAsync({ id: contact.id, input: { customFields: checked.data } });
      setSaved(updated.customFields ?? {});
      setDraft(null);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'The custom fields could not be saved');
    }
  }

  return (
    <section className="grid gap-2" aria-labelledby="profile-custom-fields">
      <div className="flex items-center justify-between gap-2">
        <h3 id="profile-custom-fields" className="font-medium text-sm">
          Custom fields
        </h3>
        {canChange && draft === null && (
          <Button type="button" size="sm" variant="ghost" onClick={() => setDraft(saved)}>
            <PencilIcon /> Edit<span className="sr-only"> custom fields</span>
          </Button>
        )}
      </div>
      {canChange && draft !== null ? (
        <form
          className="grid gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            void save(draft);
          }}
        >
          <CustomFieldsEditor value={saved} onChange={setDraft} error={problem} />
          <div className="flex justify-end gap-2">
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => {
                setDraft(null);
                setProblem(undefined);
              }}
            >
              Cancel
            </Button>
            <Button type="submit" size="sm" disabled={update.isPending}>
              {update.isPending && <Spinner label="Saving" />} Save custom fields
            </Button>
          </div>
        </form>
      ) : entries.length === 0 ? (
        <p className="text-muted-foreground text-sm">
          None yet.
          {canChange && <> A custom field is a variable in your emails, such as {'{{icebreaker}}'}.</>}
        </p>
      ) : (
        <dl className="grid gap-3 sm:grid-cols-2">
          {entries.map(([key, value]) => (
            <div key={key} className="grid min-w-0 gap-0.5">
              <dt className="break-all font-mono text-muted-foreground text-xs">{`{{${key}}}`}</dt>
              <dd className="whitespace-pre-wrap break-words text-sm">{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

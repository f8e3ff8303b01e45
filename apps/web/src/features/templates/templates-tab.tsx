import type { Template } from '@prospector/contracts';
import { FileTextIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useCan } from '@/features/workspaces/use-workspaces';
import { DeleteTemplateDialog } from './delete-template-dialog';
import { TemplateCard } from './template-card';
import { TemplateEditorDialog } from './template-editor-dialog';
import { useTemplates } from './template-queries';

/** The Templates tab: Create Template, the card grid, edit and delete. */
export function TemplatesTab() {
  const canChange = useCan('member');
  const templates = useTemplates();
  const [editing, setEditing] = useState<{ template: Template | null } | null>(null);
  const [deleting, setDeleting] = useState<Template | null>(null);
  const create = () => setEditing({ template: null });

  return (
    <section aria-label="Templates" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 className="font-semibold text-lg">Email Templates</h2>
          <p className="text-muted-foreground text-sm">Reusable emails for your sequences and test sends.</p>
        </div>
        {canChange && (
          <Button onClick={create}>
            <PlusIcon aria-hidden />
            Create Template
          </Button>
        )}
      </div>
      {templates.isPending ? (
        <div role="status" className="flex items-center gap-2 py-10 text-muted-foreground text-sm">
          <Spinner /> Loading templates...
        </div>
      ) : templates.isError ? (
        <p role="alert" className="py-10 text-destructive text-sm">
          Failed to load templates. Please try refreshing the page.
        </p>
      ) : templates.data.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-14 text-center">
          <FileTextIcon className="size-8 text-muted-foreground" aria-hidden />
          <p className="font-medium">No templates yet</p>
          {canChange && (
            <>
              <p className="max-w-sm text-muted-foreground text-sm">
                Write an email once, with variables for each contact, and use it in your sequences.
              </p>
              <Button variant="outline" onClick={create}>
                Create Your First Template
              </Button>
            </>
          )}
        </div>
      ) : (
        <div className="grid grid-cols-[repeat(auto-fill,minmax(260px,1fr))] gap-4">
          {templates.data.map((template) => (
            <TemplateCard
              key={template.id}
              template={template}
              onEdit={canChange ? () => setEditing({ template }) : undefined}
              onDelete={canChange ? () => setDeleting(template) : undefined}
            />
          ))}
        </div>
      )}
      <TemplateEditorDialog
        open={canChange && editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        template={editing?.template ?? null}
      />
      <DeleteTemplateDialog template={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
    </section>
  );
}

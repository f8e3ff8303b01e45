import type { Template } from '@prospector/contracts';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { TemplateEditorForm } from './template-editor-form';

/** Create Template / Edit Template (spec sections 2 and 5). */
export function TemplateEditorDialog({
  open,
  onOpenChange,
  template,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  template: Template | null;
  onSaved?: (template: Template) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="sm:max-w-6xl"
        // The builder's own panels and modals live outside the dialog's DOM subtree.
        onInteractOutside={(event) => event.preventDefault()}
      >
        <DialogHeader>
          <DialogTitle>{template ? 'Edit Template' : 'Create Template'}</DialogTitle>
          <DialogDescription>
            Write the email in HTML or build it by dragging blocks. Variables are filled in for each contact.
          </DialogDescription>
        </DialogHeader>
        {open && (
          <TemplateEditorForm
            key={template?.id ?? 'new'}
            template={template}
            onCancel={() => onOpenChange(false)}
            onSaved={(saved) => {
              onOpenChange(false);
              onSaved?.(saved);
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

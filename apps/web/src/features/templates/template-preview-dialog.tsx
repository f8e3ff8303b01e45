import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { PreviewForContact } from './preview-for-contact';
import type { PreviewDraft } from './use-preview';

/** The editor's preview: the unsaved template rendered as it will be sent to one of the user's contacts. */
export function TemplatePreviewDialog({
  draft,
  onOpenChange,
}: {
  draft: PreviewDraft | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={draft !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Template Preview</DialogTitle>
          <DialogDescription>
            The email exactly as a sequence sends it to the chosen contact.
          </DialogDescription>
        </DialogHeader>
        {draft && <PreviewForContact draft={draft} onFailed={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

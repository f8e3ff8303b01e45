import type { PreviewTemplateInput } from '@prospector/contracts';
import { useEffect, useRef } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { RenderedPreview } from './rendered-preview';
import { usePreview } from './use-preview';

type Draft = Pick<PreviewTemplateInput, 'subject' | 'htmlBody' | 'plainTextBody'>;

/** The editor's preview: the unsaved template rendered for the sample contact. */
export function TemplatePreviewDialog({
  draft,
  onOpenChange,
}: {
  draft: Draft | null;
  onOpenChange: (open: boolean) => void;
}) {
  const preview = usePreview();
  const { mutate, reset } = preview;
  const close = useRef(onOpenChange);
  close.current = onOpenChange;

  // Each new draft is rendered once; a failure has shown its toast and closes the dialog.
  useEffect(() => {
    if (!draft) return;
    reset();
    mutate(draft, { onError: () => close.current(false) });
  }, [draft, mutate, reset]);

  return (
    <Dialog open={draft !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Template Preview</DialogTitle>
          <DialogDescription>How the email looks for a sample contact.</DialogDescription>
        </DialogHeader>
        {preview.data ? (
          <RenderedPreview preview={preview.data} />
        ) : (
          <div
            role="status"
            className="flex h-40 items-center justify-center gap-2 text-muted-foreground text-sm"
          >
            <Spinner /> Generating preview...
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

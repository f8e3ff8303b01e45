import { useEffect, useRef, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { RenderContactSelect, useRenderContacts } from './render-contact-select';
import { RenderedPreview } from './rendered-preview';
import { type PreviewDraft, usePreview } from './use-preview';

/**
 * A template draft rendered as it will be sent to the chosen contact (by default the best-filled one), with
 * the contact picker above it. `onFailed` runs once a render failed (its toast has been shown).
 */
export function PreviewForContact({ draft, onFailed }: { draft: PreviewDraft; onFailed?: () => void }) {
  const [contactId, setContactId] = useState('');
  const contacts = useRenderContacts();
  const preview = usePreview();
  const { mutate } = preview;
  const failed = useRef(onFailed);
  failed.current = onFailed;

  useEffect(() => {
    mutate({ ...draft, contactId: contactId || null }, { onError: () => failed.current?.() });
  }, [draft, contactId, mutate]);

  return (
    <div className="grid min-w-0 gap-4">
      <RenderContactSelect
        id="preview-contact"
        value={contactId || (preview.data?.contact?.id ?? '')}
        onChange={setContactId}
        contacts={contacts.data?.contacts}
        loading={contacts.isPending}
      />
      {preview.data && !preview.isPending ? (
        <RenderedPreview preview={preview.data} />
      ) : preview.isError ? (
        <p className="text-destructive text-sm">Failed to generate preview</p>
      ) : (
        <div
          role="status"
          className="flex h-40 items-center justify-center gap-2 text-muted-foreground text-sm"
        >
          <Spinner /> Generating preview...
        </div>
      )}
    </div>
  );
}

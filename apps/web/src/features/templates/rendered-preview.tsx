import type { TemplatePreview } from '@prospector/contracts';
import { EmailPreviewFrame } from './email-preview-frame';

/** A rendered template: who it is for, its subject, the HTML in a sandboxed frame and the plain text. */
export function RenderedPreview({ preview }: { preview: TemplatePreview }) {
  const { sampleContact } = preview;
  return (
    <div className="grid gap-3">
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted-foreground">To</dt>
        <dd>
          {sampleContact.firstName} {sampleContact.lastName} &lt;{sampleContact.email}&gt;{' '}
          <span className="text-muted-foreground">(sample contact)</span>
        </dd>
        <dt className="text-muted-foreground">Subject</dt>
        <dd className="font-medium" data-testid="preview-subject">
          {preview.subject}
        </dd>
      </dl>
      {preview.unknownVariables.length > 0 && (
        <p className="text-amber-700 text-sm">
          Unknown variables sent as written: {preview.unknownVariables.join(', ')}
        </p>
      )}
      <EmailPreviewFrame html={preview.htmlBody} title="Email preview" />
      <details className="text-sm">
        <summary className="cursor-pointer text-muted-foreground">Plain-text version</summary>
        <pre className="mt-2 max-h-60 overflow-auto whitespace-pre-wrap rounded-md bg-muted p-3 text-xs">
          {preview.plainTextBody}
        </pre>
      </details>
    </div>
  );
}

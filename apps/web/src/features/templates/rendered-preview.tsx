import type { TemplatePreview } from '@prospector/contracts';
import { EmailPreviewFrame } from './email-preview-frame';
import { VariableWarning as Warning } from './variable-warning';

/** What would not be sent as written: nested or unclosed variables, unknown ones, and empty ones. */
function PreviewWarnings({ preview }: { preview: TemplatePreview }) {
  const who = preview.contact?.name?.trim() || preview.contact?.email;
  return (
    <>
      {preview.syntaxProblems.length > 0 && (
        <Warning>
          <p className="font-medium">Fix these variables: they would be sent with their braces.</p>
          <ul className="mt-1 list-disc pl-5">
            {preview.syntaxProblems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </Warning>
      )}
      {preview.unknownVariables.length > 0 && (
        <Warning>
          Unknown variables sent as written: <strong>{preview.unknownVariables.join(', ')}</strong>
        </Warning>
      )}
      {preview.missingVariables.length > 0 && (
        <Warning>
          {who ? `${who} has` : 'The email has'} no value for{' '}
          <strong>{preview.missingVariables.join(', ')}</strong> and no fallback: a sequence would not send it
          to this contact.
        </Warning>
      )}
    </>
  );
}

/** A rendered template: whom it is for and from, its subject, the HTML in a sandboxed frame and the plain text. */
export function RenderedPreview({ preview }: { preview: TemplatePreview }) {
  const { contact, sender } = preview;
  return (
    <div className="grid min-w-0 gap-3">
      <dl className="grid min-w-0 grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted-foreground">To</dt>
        <dd className="min-w-0 break-words" data-testid="preview-to">
          {contact ? (
            <>
              {contact.name?.trim() ? `${contact.name} ` : ''}&lt;{contact.email}&gt;
            </>
          ) : (
            <span className="text-muted-foreground">No contact yet: contact variables are empty</span>
          )}
        </dd>
        <dt className="text-muted-foreground">From</dt>
        <dd className="min-w-0 break-words">
          {sender ? (
            <>
              {sender.name ? `${sender.name} ` : ''}&lt;{sender.email}&gt;
            </>
          ) : (
            <span className="text-muted-foreground">No mailbox connected: sender variables are empty</span>
          )}
        </dd>
        <dt className="text-muted-foreground">Subject</dt>
        <dd className="min-w-0 break-words font-medium" data-testid="preview-subject">
          {preview.subject}
        </dd>
      </dl>
      <PreviewWarnings preview={preview} />
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

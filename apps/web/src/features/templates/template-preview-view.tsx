import type { Template } from '@prospector/contracts';
import { ArrowLeftIcon, PencilIcon, SendIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { PageHeader } from '@/pages/page-header';
import { EmailCheckPanel } from '../checks/email-check-panel';
import { RenderedPreview } from './rendered-preview';
import { SendTestEmailDialog } from './send-test-email-dialog';
import { TemplateEditorDialog } from './template-editor-dialog';
import { usePreview } from './use-preview';

export const TEMPLATES_PATH = '/campaign-builder/email-sending#templates';

/** The template preview page's body: generated on load for the sample contact, with Edit and Send Test. */
export function TemplatePreviewView({ template }: { template: Template }) {
  const preview = usePreview();
  const { mutate } = preview;
  const [editing, setEditing] = useState(false);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    mutate({ subject: template.subject, htmlBody: template.htmlBody, plainTextBody: template.plainTextBody });
  }, [template, mutate]);

  return (
    <div className="mx-auto w-full max-w-4xl space-y-6 p-4 sm:p-6 lg:p-8">
      <Button variant="ghost" size="sm" asChild className="-ml-2">
        <Link to={TEMPLATES_PATH}>
          <ArrowLeftIcon aria-hidden />
          Back to Templates
        </Link>
      </Button>
      <PageHeader
        title={template.name}
        subtitle="Template preview with a sample contact"
        actions={
          <>
            <Button variant="outline" onClick={() => setEditing(true)}>
              <PencilIcon aria-hidden />
              Edit
            </Button>
            <Button onClick={() => setSending(true)}>
              <SendIcon aria-hidden />
              Send Test
            </Button>
          </>
        }
      />
      <section aria-label="Rendered email" className="rounded-xl border bg-card p-4 sm:p-6">
        {preview.data ? (
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
      </section>
      <EmailCheckPanel templateId={template.id} />
      <TemplateEditorDialog open={editing} onOpenChange={setEditing} template={template} />
      <SendTestEmailDialog template={template} open={sending} onOpenChange={setSending} />
    </div>
  );
}

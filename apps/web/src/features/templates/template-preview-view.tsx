import type { Template } from '@prospector/contracts';
import { ArrowLeftIcon, PencilIcon, SendIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useCan } from '@/features/workspaces/use-workspaces';
import { PageHeader } from '@/pages/page-header';
import { EmailCheckPanel } from '../checks/email-check-panel';
import { PreviewForContact } from './preview-for-contact';
import { SendTestEmailDialog } from './send-test-email-dialog';
import { TemplateEditorDialog } from './template-editor-dialog';

export const TEMPLATES_PATH = '/campaign-builder/email-sending#templates';

/** The template preview page's body: generated on load for one of the user's contacts, with Edit and Send Test. */
export function TemplatePreviewView({ template }: { template: Template }) {
  const canChange = useCan('member');
  const [editing, setEditing] = useState(false);
  const [sending, setSending] = useState(false);

  const draft = useMemo(
    () => ({ subject: template.subject, htmlBody: template.htmlBody, plainTextBody: template.plainTextBody }),
    [template],
  );

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
        subtitle="The email as a sequence sends it to one of your contacts"
        actions={
          canChange && (
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
          )
        }
      />
      <section aria-label="Rendered email" className="rounded-xl border bg-card p-4 sm:p-6">
        <PreviewForContact draft={draft} />
      </section>
      <EmailCheckPanel templateId={template.id} />
      <TemplateEditorDialog open={editing} onOpenChange={setEditing} template={template} />
      <SendTestEmailDialog template={template} open={sending} onOpenChange={setSending} />
    </div>
  );
}

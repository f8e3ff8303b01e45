import type { Template } from '@prospector/contracts';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { EmailCheckPanel } from '../checks/email-check-panel';
import { AiGeneratorDialog } from './ai-generator-dialog';
import { BodySection } from './body-section';
import { PlainTextField } from './plain-text-field';
import { QueuedEmailsNote } from './queued-emails-note';
import { TemplateFields } from './template-fields';
import { TemplatePreviewDialog } from './template-preview-dialog';
import { UnknownVariablesAlert, UnknownVariablesConfirm } from './unknown-variables';
import { useTemplateEditor } from './use-template-editor';

/** The editor's form: name, subject, type, body (code or builder), plain text, preview and AI generator. */
export function TemplateEditorForm({
  template,
  onCancel,
  onSaved,
}: {
  template: Template | null;
  onCancel: () => void;
  onSaved: (template: Template) => void;
}) {
  const editor = useTemplateEditor(template, onSaved);
  const [previewing, setPreviewing] = useState<{
    subject: string;
    htmlBody: string;
    plainTextBody: string | null;
  } | null>(null);
  const [generating, setGenerating] = useState(false);
  const { form } = editor;

  function openPreview() {
    const body = editor.currentBody();
    if (!body) return;
    const values = form.getValues();
    setPreviewing({
      subject: values.subject,
      htmlBody: body.htmlBody,
      plainTextBody: editor.plainEdited ? values.plainTextBody : null,
    });
  }

  return (
    <Form {...form}>
      <form
        noValidate
        className="grid gap-5"
        onSubmit={(event) => {
          event.preventDefault();
          editor.save();
        }}
      >
        <TemplateFields editor={editor} />
        <BodySection editor={editor} onPreview={openPreview} onGenerate={() => setGenerating(true)} />
        <UnknownVariablesAlert editor={editor} />
        <PlainTextField editor={editor} />
        {template && (
          <EmailCheckPanel templateId={template.id} note="Checks the saved version: save changes first." />
        )}
        <DialogFooter>
          <QueuedEmailsNote templateId={template?.id ?? null} />
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={editor.saving}>
            {editor.saving && <Spinner />}
            {template ? 'Save Changes' : 'Create Template'}
          </Button>
        </DialogFooter>
      </form>
      <UnknownVariablesConfirm editor={editor} />
      <TemplatePreviewDialog draft={previewing} onOpenChange={(open) => !open && setPreviewing(null)} />
      <AiGeneratorDialog
        open={generating}
        onOpenChange={setGenerating}
        initialSubject={form.getValues('subject')}
        onGenerated={({ htmlBody, subject }) => {
          form.setValue('templateType', 'html');
          form.setValue('htmlBody', htmlBody, { shouldValidate: false });
          form.clearErrors('htmlBody');
          if (!form.getValues('subject').trim()) form.setValue('subject', subject);
        }}
      />
    </Form>
  );
}

import { findUnknownVariablesAmong } from '@prospector/contracts';
import { TriangleAlertIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useCustomKeys } from './use-custom-keys';
import type { TemplateEditor } from './use-template-editor';

const known = 'the contact and sender fields and your custom fields (see the Variables menu)';

/** A live warning while the subject, HTML body or plain text holds a variable the renderer does not know. */
export function UnknownVariablesAlert({ editor }: { editor: TemplateEditor }) {
  const { form, plainEdited } = editor;
  const customKeys = useCustomKeys();
  const [subject, htmlBody, plainTextBody, type] = form.watch([
    'subject',
    'htmlBody',
    'plainTextBody',
    'templateType',
  ]);
  const unknown = findUnknownVariablesAmong(customKeys, [
    subject,
    type === 'html' ? htmlBody : '',
    plainEdited ? plainTextBody : '',
  ]);
  if (unknown.length === 0) return null;
  return (
    <div
      role="alert"
      className="flex gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900 text-sm"
    >
      <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p>
        Unknown {unknown.length === 1 ? 'variable' : 'variables'} <strong>{unknown.join(', ')}</strong>: sent
        exactly as written. Known variables are {known}.
      </p>
    </div>
  );
}

/** Asks before saving a template that holds unknown variables. */
export function UnknownVariablesConfirm({ editor }: { editor: TemplateEditor }) {
  const { pending } = editor;
  return (
    <Dialog open={pending !== null} onOpenChange={(open) => !open && editor.cancelPending()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Unknown variables</DialogTitle>
          <DialogDescription>
            {pending?.unknown.join(', ')} {pending?.unknown.length === 1 ? 'is' : 'are'} not a known variable
            and will be sent exactly as written. Known variables are {known}.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={editor.cancelPending}>
            Keep Editing
          </Button>
          <Button onClick={editor.confirmPending}>Save Anyway</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

import { findUnknownVariablesAmong, variableSyntaxProblems } from '@prospector/contracts';
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
import { VariableWarning } from './variable-warning';

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
  const texts = [subject, type === 'html' ? htmlBody : '', plainEdited ? plainTextBody : ''];
  const unknown = findUnknownVariablesAmong(customKeys, texts);
  const syntax = [...new Set(texts.flatMap((text) => variableSyntaxProblems(text ?? '')))];
  if (unknown.length === 0 && syntax.length === 0) return null;
  return (
    <>
      {syntax.length > 0 && (
        <VariableWarning>
          Sent with their braces: <strong>{syntax.join('; ')}</strong>.
        </VariableWarning>
      )}
      {unknown.length > 0 && <UnknownList unknown={unknown} />}
    </>
  );
}

function UnknownList({ unknown }: { unknown: string[] }) {
  return (
    <VariableWarning>
      Unknown {unknown.length === 1 ? 'variable' : 'variables'} <strong>{unknown.join(', ')}</strong>: sent
      exactly as written. Known variables are {known}.
    </VariableWarning>
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

import { TEXT_LIMITS } from '@prospector/contracts';
import { RotateCcwIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useDerivedPlainText } from './use-derived-plain-text';
import type { TemplateEditor } from './use-template-editor';

/**
 * The plain-text body: derived from the HTML (html-to-text, on the server) until the user edits it; then
 * theirs, until they ask to derive it again.
 */
export function PlainTextField({ editor }: { editor: TemplateEditor }) {
  const { form, plainEdited, setPlainEdited } = editor;
  const type = form.watch('templateType');
  const htmlBody = form.watch('htmlBody');
  const source = type === 'html' ? htmlBody : editor.design.html;
  const derived = useDerivedPlainText(source, !plainEdited);
  const value = plainEdited ? form.watch('plainTextBody') : (derived.data ?? '');

  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor="plain-text-body">Plain-text Body</Label>
        {plainEdited && (
          <Button variant="ghost" size="sm" onClick={() => setPlainEdited(false)}>
            <RotateCcwIcon aria-hidden />
            Derive from HTML
          </Button>
        )}
      </div>
      <Textarea
        id="plain-text-body"
        rows={6}
        className="max-h-60 font-mono text-xs"
        maxLength={TEXT_LIMITS.templateBody}
        value={value}
        onChange={(event) => {
          if (!plainEdited) setPlainEdited(true);
          form.setValue('plainTextBody', event.target.value);
        }}
      />
      <p className="text-muted-foreground text-xs">
        {plainEdited
          ? 'Your own plain-text version is sent to clients that do not show HTML.'
          : type === 'html'
            ? 'Derived from the HTML body as you type. Edit it to write your own.'
            : 'Derived from the design when you save. Edit it to write your own.'}
      </p>
    </div>
  );
}

import { TEXT_LIMITS } from '@prospector/contracts';
import { EyeIcon, SparklesIcon } from 'lucide-react';
import { lazy, Suspense, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { CharacterCount } from '@/components/ui/character-count';
import { FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import type { CodeEditorHandle } from './html-code-editor';
import type { TemplateEditor } from './use-template-editor';
import { VariableHelp } from './variable-help';
import { VariableInserter } from './variable-inserter';

// Both editors are their own chunks: the list pages never load them, and the builder loads only when used.
const HtmlCodeEditor = lazy(() => import('./html-code-editor'));
const EmailBuilder = lazy(() => import('./builder/email-builder'));

function Loading({ what }: { what: string }) {
  return (
    <div
      role="status"
      className="flex h-72 items-center justify-center gap-2 rounded-md border text-muted-foreground text-sm"
    >
      <Spinner /> Loading the {what}...
    </div>
  );
}

/** The body: HTML in CodeMirror or the GrapesJS builder, with the variable inserter, preview and AI buttons. */
export function BodySection({
  editor,
  onPreview,
  onGenerate,
}: {
  editor: TemplateEditor;
  onPreview: () => void;
  onGenerate: () => void;
}) {
  const { form } = editor;
  const code = useRef<CodeEditorHandle>(null);
  const type = form.watch('templateType');

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium text-sm">{type === 'html' ? 'HTML Body' : 'Email Design'}</span>
        <div className="flex flex-wrap gap-2">
          {type === 'html' && <VariableInserter onInsert={(text) => code.current?.insert(text)} />}
          <Button variant="outline" size="sm" onClick={onGenerate}>
            <SparklesIcon aria-hidden />
            Generate with AI
          </Button>
          <Button variant="outline" size="sm" onClick={onPreview}>
            <EyeIcon aria-hidden />
            Preview
          </Button>
        </div>
      </div>
      {type === 'html' ? (
        <FormField
          control={form.control}
          name="htmlBody"
          render={({ field, fieldState }) => (
            <FormItem>
              <FormLabel className="sr-only">HTML Body</FormLabel>
              <Suspense fallback={<Loading what="code editor" />}>
                <HtmlCodeEditor
                  ref={code}
                  label="HTML Body"
                  value={field.value}
                  onChange={field.onChange}
                  invalid={Boolean(fieldState.error)}
                />
              </Suspense>
              <CharacterCount length={field.value.length} max={TEXT_LIMITS.templateBody} />
              <FormMessage />
            </FormItem>
          )}
        />
      ) : (
        <Suspense fallback={<Loading what="email builder" />}>
          <EmailBuilder
            ref={editor.builder}
            projectData={editor.design.projectData}
            html={editor.design.html}
          />
        </Suspense>
      )}
      <VariableHelp />
    </div>
  );
}

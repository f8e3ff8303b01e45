import { EditorView } from '@codemirror/view';
import { useEffect, useImperativeHandle, useRef } from 'react';
import { htmlEditorSetup } from './code-editor-setup';

export interface CodeEditorHandle {
  /** Replaces the selection (or inserts at the cursor) and focuses the editor. */
  insert(text: string): void;
}

export interface HtmlCodeEditorProps {
  value: string;
  onChange: (value: string) => void;
  label: string;
  invalid?: boolean;
  ref?: React.Ref<CodeEditorHandle>;
}

/** The HTML body in CodeMirror 6 with HTML highlighting; loaded lazily with the editor dialog. */
export default function HtmlCodeEditor({ value, onChange, label, invalid, ref }: HtmlCodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the editor is created once per mount; later values arrive through the effect below
  useEffect(() => {
    const editor = new EditorView({
      doc: value,
      parent: host.current as HTMLDivElement,
      extensions: [
        htmlEditorSetup(label),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) changed.current(update.state.doc.toString());
        }),
      ],
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
  }, []);

  // A value set from outside (the AI generator, a reset) replaces the document.
  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value) {
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
    }
  }, [value]);

  useImperativeHandle(ref, () => ({
    insert(text) {
      const editor = view.current;
      if (!editor) return;
      editor.dispatch(editor.state.replaceSelection(text));
      editor.focus();
    },
  }));

  return (
    <div
      ref={host}
      data-testid="html-body-editor"
      aria-invalid={invalid || undefined}
      className="h-72 overflow-hidden rounded-md border border-input shadow-xs aria-invalid:border-destructive [&_.cm-editor]:h-full"
    />
  );
}

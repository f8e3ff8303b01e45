import { FlaskConicalIcon } from 'lucide-react';
import { useAiWriterInfo } from '../templates/template-queries';

/**
 * Says, where answers are drafted, that no AI model writes them: the built-in writer answers from "About
 * us" alone, and how to configure a model. Nothing is shown when a model answers.
 */
export function BuiltInWriterNote() {
  const { data } = useAiWriterInfo();
  if (data?.mode !== 'sandbox') return null;
  return (
    <p
      className="flex gap-2 rounded-md border border-sky-200 bg-sky-50 px-2 py-1.5 text-sky-900 text-xs dark:border-sky-900 dark:bg-sky-950 dark:text-sky-100"
      data-testid="built-in-writer-note"
    >
      <FlaskConicalIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden />
      <span>
        <strong>No AI model is configured.</strong> Drafts come from the built-in writer, which answers from
        your About us and the prospect's questions, not from a model. To write with a model, set AI_BASE_URL,
        AI_API_KEY and AI_MODEL on the server.
      </span>
    </p>
  );
}

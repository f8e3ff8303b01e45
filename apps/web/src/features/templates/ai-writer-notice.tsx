import type { AiWriterInfo } from '@prospector/contracts';
import { BotIcon, FlaskConicalIcon, TriangleAlertIcon } from 'lucide-react';

/** Tells the user which writer answers: a model, the sandbox writer, or none. */
export function AiWriterNotice({ info }: { info: AiWriterInfo | undefined }) {
  if (!info) return null;
  if (info.mode === 'model') {
    return (
      <p className="flex items-center gap-2 text-muted-foreground text-sm">
        <BotIcon className="size-4" aria-hidden /> Written by the AI model {info.model}.
      </p>
    );
  }
  if (info.mode === 'sandbox') {
    return (
      <div
        className="flex gap-3 rounded-md border border-sky-200 bg-sky-50 p-3 text-sky-900 text-sm"
        data-testid="sandbox-writer-notice"
      >
        <FlaskConicalIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
        <p>
          <strong>Sandbox writer.</strong> No AI model is configured, so a built-in writer composes the email
          from your outline in the chosen language and tone, without a model. Set AI_BASE_URL, AI_API_KEY and
          AI_MODEL on the server to write with a model.
        </p>
      </div>
    );
  }
  return (
    <div
      role="alert"
      className="flex gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900 text-sm"
    >
      <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p>The AI writer is not configured on this server (AI_BASE_URL, AI_API_KEY and AI_MODEL).</p>
    </div>
  );
}

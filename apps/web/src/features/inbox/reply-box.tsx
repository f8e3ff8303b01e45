import { type AnswerValues, TEMPLATE_VARIABLES } from '@prospector/contracts';
import { BoldIcon, BracesIcon, FileTextIcon, SendIcon } from 'lucide-react';
import { forwardRef, useId, useImperativeHandle, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { DraftAnswerBar } from '../assistant/draft-answer-bar';
import { useTemplates } from '../templates/template-queries';
import { useCustomKeys } from '../templates/use-custom-keys';
import { AnswerVariableValues, answerIsComplete } from './answer-variable-values';
import { useReply } from './inbox-queries';

export interface ReplyBoxHandle {
  focus: () => void;
}

const MAX = 10_000;

/** The text of a template for the reply box: its plain text, else its HTML read as text. */
function templateText(template: { plainTextBody: string | null; htmlBody: string }) {
  if (template.plainTextBody?.trim()) return template.plainTextBody;
  const doc = new DOMParser().parseFromString(template.htmlBody, 'text/html');
  return (doc.body.innerText || doc.body.textContent || '').trim();
}

/**
 * The answer to a conversation: plain text with **bold**, the user's templates and the contact variables
 * insertable at the cursor; Ctrl+Enter sends through the thread's mailbox.
 */
export const ReplyBox = forwardRef<
  ReplyBoxHandle,
  { conversationId: string; to: string; values: AnswerValues | null }
>(function ReplyBox({ conversationId, to, values }, ref) {
  const [text, setText] = useState('');
  const area = useRef<HTMLTextAreaElement>(null);
  const reply = useReply(conversationId);
  const templates = useTemplates();
  const customKeys = useCustomKeys();
  const id = useId();
  useImperativeHandle(ref, () => ({ focus: () => area.current?.focus() }), []);

  const insert = (snippet: string, wrap = false) => {
    const element = area.current;
    const start = element?.selectionStart ?? text.length;
    const end = element?.selectionEnd ?? text.length;
    const selected = text.slice(start, end);
    const value = wrap ? `**${selected || 'bold text'}**` : snippet;
    const next = text.slice(0, start) + value + text.slice(end);
    setText(next.slice(0, MAX));
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + value.length, start + value.length);
    });
  };

  const complete = answerIsComplete(text, values, customKeys);
  const send = () => {
    if (!text.trim() || !complete || reply.isPending) return;
    reply.mutate(text, { onSuccess: () => setText('') });
  };

  return (
    <section aria-label="Reply" className="space-y-2 rounded-xl border p-3">
      <Label htmlFor={id} className="text-muted-foreground text-xs">
        Reply to {to}
      </Label>
      <DraftAnswerBar conversationId={conversationId} text={text} onText={setText} />
      <div className="flex flex-wrap items-center gap-1">
        <Button type="button" size="sm" variant="ghost" onClick={() => insert('', true)} aria-label="Bold">
          <BoldIcon aria-hidden />
        </Button>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button type="button" size="sm" variant="ghost">
              <BracesIcon aria-hidden />
              Variable
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="start" className="max-h-72 overflow-auto">
            <DropdownMenuLabel>Insert a variable</DropdownMenuLabel>
            {[
              ...TEMPLATE_VARIABLES.map((v) => v.name).filter((name) => name !== 'unsubscribe_url'),
              ...customKeys,
            ].map((name) => (
              <DropdownMenuItem key={name} onSelect={() => insert(`{{${name}}}`)}>
                <code className="text-xs">{`{{${name}}}`}</code>
              </DropdownMenuItem>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button type="button" size="sm" variant="ghost" disabled={!templates.data?.length}>
              <FileTextIcon aria-hidden />
              Template
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="start" className="max-h-72 overflow-auto">
            <DropdownMenuLabel>Insert a template</DropdownMenuLabel>
            {(templates.data ?? []).map((template) => (
              <DropdownMenuItem key={template.id} onSelect={() => insert(templateText(template))}>
                {template.name}
              </DropdownMenuItem>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
      <Textarea
        id={id}
        ref={area}
        value={text}
        maxLength={MAX}
        rows={5}
        placeholder="Write your reply… ({{first_name}} is filled in for this contact)"
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            send();
          }
        }}
      />
      <AnswerVariableValues text={text} values={values} customKeys={customKeys} />
      <div className="flex items-center justify-between gap-2">
        <span className="text-muted-foreground text-xs">Ctrl+Enter to send</span>
        <Button type="button" onClick={send} disabled={!text.trim() || !complete || reply.isPending}>
          <SendIcon aria-hidden />
          {reply.isPending ? 'Sending…' : 'Send reply'}
        </Button>
      </div>
    </section>
  );
});

import { AI_LANGUAGES, type ConversationDraft } from '@prospector/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { LanguagesIcon, ShrinkIcon, SparklesIcon, TimerOffIcon, Trash2Icon, TypeIcon } from 'lucide-react';
import { useState } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { toast } from '@/components/ui/use-toast';
import { serverMessage } from '@/lib/api';
import { zonedTimeAfterVerb } from '@/lib/zoned-time';
import { INBOX_KEY, useConversation } from '../inbox/inbox-queries';
import { BuiltInWriterNote } from './built-in-writer-note';
import { streamDraft, useCancelAutoSend, useDiscardDraft } from './draft-queries';

interface DraftAnswerBarProps {
  conversationId: string;
  /** The reply box's text, and how to replace it. */
  text: string;
  onText: (text: string) => void;
}

/**
 * The answer writer in the reply box: "Draft answer" streams an answer into the box, then one click
 * shortens it, makes it more formal, translates it, writes another, or throws it away. A draft made on
 * arrival shows as "Draft ready"; one that auto-send will send says when, with a way to stop it.
 */
export function DraftAnswerBar({ conversationId, text, onText }: DraftAnswerBarProps) {
  const { data } = useConversation(conversationId);
  const waiting = data?.draft ?? null;
  const [writing, setWriting] = useState(false);
  const [fromDraft, setFromDraft] = useState(false);
  const queryClient = useQueryClient();
  const discard = useDiscardDraft(conversationId);
  const cancel = useCancelAutoSend(conversationId);

  const draft = async (request: { instruction?: string; language?: string; text?: string }) => {
    setWriting(true);
    const before = text;
    let streamed = '';
    onText('');
    try {
      const done: ConversationDraft = await streamDraft(conversationId, request, (chunk) => {
        streamed += chunk;
        onText(streamed);
      });
      onText(done.text);
      setFromDraft(true);
      await queryClient.invalidateQueries({ queryKey: [...INBOX_KEY, 'conversation', conversationId] });
    } catch (error) {
      onText(before);
      toast({
        title: 'No Draft',
        description: serverMessage(error, 'The AI writer did not answer. Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setWriting(false);
    }
  };
  const change = (instruction: string, language?: string) => draft({ instruction, language, text });
  // The one-click changes work on a draft in the box; an emptied box (sent, cleared) starts again.
  const hasDraft = text.trim() !== '' && (fromDraft || text === waiting?.text);

  return (
    <div className="space-y-2" aria-busy={writing}>
      <BuiltInWriterNote />
      {waiting && !hasDraft && (
        <div className="flex flex-wrap items-center gap-2 rounded-md bg-muted/60 px-2 py-1.5 text-sm">
          <Badge variant="secondary">Draft ready</Badge>
          <span className="text-muted-foreground text-xs">
            {waiting.origin === 'auto' ? 'Written when the reply arrived' : 'Your last draft'} ·{' '}
            {waiting.language}
          </span>
          <Button
            size="sm"
            variant="outline"
            onClick={() => {
              onText(waiting.text);
              setFromDraft(true);
            }}
          >
            Use draft
          </Button>
        </div>
      )}
      {waiting?.sendAt && (
        <div className="flex flex-wrap items-center gap-2 rounded-md border border-amber-300 bg-amber-50 px-2 py-1.5 text-amber-900 text-sm dark:bg-amber-950 dark:text-amber-100">
          <span>The assistant sends this draft {zonedTimeAfterVerb(waiting.sendAt)} unless you cancel.</span>
          <Button size="sm" variant="outline" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
            <TimerOffIcon aria-hidden />
            Cancel automatic send
          </Button>
        </div>
      )}
      {waiting?.refusedReason && (
        <p className="text-amber-700 text-xs dark:text-amber-300" role="status">
          Not sent automatically: {waiting.refusedReason}
        </p>
      )}
      {waiting && text === waiting.text && (
        <p className="text-muted-foreground text-xs">
          Drafted in {waiting.language} by{' '}
          {waiting.model === 'sandbox' ? 'the sandbox writer' : waiting.model} in {waiting.durationMs} ms ·{' '}
          {waiting.tokens.prompt + waiting.tokens.completion} tokens ({waiting.tokens.prompt} read,{' '}
          {waiting.tokens.completion} written) · prompt {waiting.promptVersion}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-1">
        <Button
          type="button"
          size="sm"
          variant="secondary"
          onClick={() => (hasDraft ? change('regenerate') : draft({}))}
          disabled={writing}
        >
          <SparklesIcon aria-hidden />
          {writing ? 'Writing…' : hasDraft ? 'Regenerate' : 'Draft answer'}
        </Button>
        {hasDraft && (
          <>
            <Button size="sm" variant="ghost" disabled={writing} onClick={() => change('shorten')}>
              <ShrinkIcon aria-hidden />
              Shorten
            </Button>
            <Button size="sm" variant="ghost" disabled={writing} onClick={() => change('more_formal')}>
              <TypeIcon aria-hidden />
              More formal
            </Button>
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button size="sm" variant="ghost" disabled={writing}>
                  <LanguagesIcon aria-hidden />
                  Translate
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="start">
                <DropdownMenuLabel>Translate into</DropdownMenuLabel>
                {AI_LANGUAGES.map((language) => (
                  <DropdownMenuItem key={language} onSelect={() => change('translate', language)}>
                    {language}
                  </DropdownMenuItem>
                ))}
              </DropdownMenuContent>
            </DropdownMenu>
            <AlertDialog>
              <AlertDialogTrigger asChild>
                <Button size="sm" variant="ghost" disabled={writing}>
                  <Trash2Icon aria-hidden />
                  Discard
                </Button>
              </AlertDialogTrigger>
              <AlertDialogContent>
                <AlertDialogHeader>
                  <AlertDialogTitle>Discard this draft?</AlertDialogTitle>
                  <AlertDialogDescription>
                    The reply box is emptied and the draft will not be sent automatically.
                  </AlertDialogDescription>
                </AlertDialogHeader>
                <AlertDialogFooter>
                  <AlertDialogCancel>Keep it</AlertDialogCancel>
                  <AlertDialogAction
                    onClick={() => {
                      discard.mutate();
                      onText('');
                      setFromDraft(false);
                    }}
                  >
                    Discard
                  </AlertDialogAction>
                </AlertDialogFooter>
              </AlertDialogContent>
            </AlertDialog>
          </>
        )}
      </div>
    </div>
  );
}

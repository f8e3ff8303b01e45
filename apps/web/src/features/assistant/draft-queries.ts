import type { ConversationDraft, DraftRequest } from '@prospector/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiJson, apiRequest, errorStatus, serverMessage, throwIfResNotOk } from '@/lib/api';
import { INBOX_KEY } from '../inbox/inbox-queries';

const draftUrl = (conversationId: string) => `/api/inbox/conversations/${conversationId}/draft`;

/** One server-sent event block: its name and JSON data. */
function parseEvent(block: string): { name: string; data: unknown } {
  const name = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
  const data = /^data: (.*)$/m.exec(block)?.[1];
  return { name, data: data ? JSON.parse(data) : null };
}

/**
 * POST .../draft as a stream: each chunk of the answer goes to `onChunk` as the writer produces it, and
 * the stored draft comes last.
 */
export async function streamDraft(
  conversationId: string,
  request: Partial<DraftRequest>,
  onChunk: (text: string) => void,
): Promise<ConversationDraft> {
  const response = await fetch(draftUrl(conversationId), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
    body: JSON.stringify(request),
    credentials: 'include',
  });
  await throwIfResNotOk(response);
  if (!response.headers.get('content-type')?.includes('text/event-stream')) {
    return (await response.json()) as ConversationDraft;
  }
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const event = parseEvent(buffer.slice(0, end));
      buffer = buffer.slice(end + 2);
      if (event.name === 'chunk') onChunk((event.data as { text: string }).text);
      if (event.name === 'draft') return event.data as ConversationDraft;
      if (event.name === 'error') throw new Error((event.data as { message: string }).message);
    }
  }
  throw new Error('The AI writer did not answer. Please try again.');
}

const failed = (title: string) => (error: unknown) =>
  toast({ title, description: serverMessage(error, 'Please try again.'), variant: 'destructive' });

/** Throws the conversation's draft away (it will not be auto-sent either). */
export function useDiscardDraft(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      // Already gone (sent, or thrown away elsewhere) is what was asked for.
      await apiRequest('DELETE', draftUrl(conversationId)).catch((error: unknown) => {
        if (errorStatus(error) !== 404) throw error;
      });
    },
    onError: failed('Draft Not Discarded'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: INBOX_KEY }),
  });
}

/** Stops an automatic send; the draft stays for the user. */
export function useCancelAutoSend(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<ConversationDraft>('POST', `${draftUrl(conversationId)}/cancel-send`),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: INBOX_KEY });
      toast({ title: 'Automatic Send Cancelled', description: 'The draft waits for you.' });
    },
    onError: failed('Not Cancelled'),
  });
}

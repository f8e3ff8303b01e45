import type { SandboxInboxMessage } from '@prospector/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiJson, serverMessage } from '@/lib/api';

export type { SandboxInboxMessage };
export const SANDBOX_MESSAGES_KEY = ['/api/sandbox/messages'] as const;

export const useSandboxMessages = () =>
  useQuery<{ messages: SandboxInboxMessage[] }>({ queryKey: SANDBOX_MESSAGES_KEY });

export type SandboxAction = 'reply' | 'auto-reply' | 'bounce' | 'open';

const DONE: Record<SandboxAction, (m: SandboxInboxMessage) => { title: string; description: string }> = {
  reply: (m) => ({
    title: 'Reply Simulated',
    description: `A reply from ${recipientOf(m)} arrived in the thread.`,
  }),
  'auto-reply': (m) => ({
    title: 'Auto-reply Simulated',
    description: `An out-of-office answer from ${recipientOf(m)} arrived in the thread.`,
  }),
  bounce: (m) => ({
    title: 'Bounce Simulated',
    description: `Gmail reported ${recipientOf(m)} as undeliverable.`,
  }),
  open: (m) => ({ title: 'Open Simulated', description: `${recipientOf(m)} opened the email.` }),
};

export const headerOf = (m: SandboxInboxMessage, name: string) =>
  m.headers.find((h) => h.name.toLowerCase() === name.toLowerCase())?.value ?? '';
const recipientOf = (m: SandboxInboxMessage) => headerOf(m, 'To') || 'The recipient';

/** Simulates what the recipient's side does to a sent message: reply, auto-reply, bounce or open. */
export function useSandboxAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      message,
      action,
      text,
    }: {
      message: SandboxInboxMessage;
      action: SandboxAction;
      text?: string;
    }) => apiJson('POST', `/api/sandbox/messages/${message.id}/${action}`, text ? { text } : {}),
    onSuccess: async (_data, { message, action }) => {
      await queryClient.invalidateQueries({ queryKey: SANDBOX_MESSAGES_KEY });
      toast(DONE[action](message));
    },
    onError: (error) =>
      toast({
        title: 'Simulation Failed',
        description: serverMessage(error, 'The sandbox could not do that'),
        variant: 'destructive',
      }),
  });
}

/** Sends a sample email from the default sender through the real mail path. */
export function useSendSample() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<{ senderEmail: string }>('POST', '/api/sandbox/messages/sample'),
    onSuccess: async ({ senderEmail }) => {
      await queryClient.invalidateQueries({ queryKey: SANDBOX_MESSAGES_KEY });
      toast({ title: 'Sample Email Sent', description: `Sent from ${senderEmail}.` });
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: serverMessage(error, 'Failed to send the sample email'),
        variant: 'destructive',
      }),
  });
}

import type { PreviewTemplateInput, TemplatePreview } from '@prospector/contracts';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiJson, serverMessage } from '@/lib/api';

export type PreviewDraft = Pick<PreviewTemplateInput, 'subject' | 'htmlBody' | 'plainTextBody'>;

/** POST /api/templates/preview: the template rendered for one of the user's contacts, as it will be sent. */
export function usePreview() {
  return useMutation({
    mutationFn: (input: PreviewDraft & Pick<PreviewTemplateInput, 'contactId'>) =>
      apiJson<TemplatePreview>('POST', '/api/templates/preview', input),
    onError: (error) =>
      toast({
        title: 'Failed to generate preview',
        description: serverMessage(error, 'Failed to generate preview'),
        variant: 'destructive',
      }),
  });
}

import type { PreviewTemplateInput, TemplatePreview } from '@prospector/contracts';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiJson, serverMessage } from '@/lib/api';

/** POST /api/templates/preview: the template rendered for a sample contact. */
export function usePreview() {
  return useMutation({
    mutationFn: (input: Pick<PreviewTemplateInput, 'subject' | 'htmlBody' | 'plainTextBody'>) =>
      apiJson<TemplatePreview>('POST', '/api/templates/preview', input),
    onError: (error) =>
      toast({
        title: 'Failed to generate preview',
        description: serverMessage(error, 'Failed to generate preview'),
        variant: 'destructive',
      }),
  });
}

import type {
  AiWriterInfo,
  CreateTemplateInput,
  Template,
  UpdateTemplateInput,
  WithCreator,
} from '@prospector/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { ANALYTICS_EVENTS, track } from '@/lib/analytics';
import { apiJson, apiRequest, serverMessage } from '@/lib/api';

export const TEMPLATES_KEY = ['/api/templates'] as const;
export const templateKey = (id: string) => ['/api/templates', id] as const;
export const AI_WRITER_KEY = ['/api/templates/ai-writer'] as const;

export function useTemplates() {
  return useQuery<WithCreator<Template>[]>({ queryKey: TEMPLATES_KEY });
}

export function useTemplate(id: string) {
  return useQuery<Template>({ queryKey: templateKey(id) });
}

export function useAiWriterInfo() {
  return useQuery<AiWriterInfo>({ queryKey: AI_WRITER_KEY });
}

const failed = (title: string) => (error: unknown) =>
  toast({ title: 'Error', description: serverMessage(error, title), variant: 'destructive' });

/** POST /api/templates; then TEMPLATE_CREATED with the user's number of templates (spec section 1). */
export function useCreateTemplate(onCreated?: (template: Template) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTemplateInput) => apiJson<Template>('POST', '/api/templates', input),
    onSuccess: async (template) => {
      queryClient.setQueryData(templateKey(template.id), template);
      await queryClient.invalidateQueries({ queryKey: TEMPLATES_KEY, exact: true });
      const all = await queryClient.fetchQuery<Template[]>({ queryKey: TEMPLATES_KEY });
      track(ANALYTICS_EVENTS.templateCreated, { number_of_template: all.length });
      toast({ title: 'Template created successfully' });
      onCreated?.(template);
    },
    onError: failed('Failed to create template'),
  });
}

export function useUpdateTemplate(onUpdated?: (template: Template) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateTemplateInput }) =>
      apiJson<Template>('PATCH', `/api/templates/${id}`, input),
    onSuccess: (template) => {
      queryClient.setQueryData(templateKey(template.id), template);
      void queryClient.invalidateQueries({ queryKey: TEMPLATES_KEY, exact: true });
      toast({ title: 'Template updated successfully' });
      onUpdated?.(template);
    },
    onError: failed('Failed to update template'),
  });
}

export function useDeleteTemplate(onDeleted?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/templates/${id}`),
    onSuccess: (_response, id) => {
      queryClient.removeQueries({ queryKey: templateKey(id) });
      void queryClient.invalidateQueries({ queryKey: TEMPLATES_KEY, exact: true });
      onDeleted?.();
    },
    onError: failed('Failed to delete template'),
  });
}

import {
  type AbTestPatch,
  type SequenceStep,
  type StepVariant,
  TEXT_LIMITS,
  type Template,
  type UpdateVariantInput,
} from '@prospector/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiJson } from '@/lib/api';
import { sequenceAnalyticsKey } from '../sequence-analytics/analytics-queries';
import { failedToast } from '../sequences/sequence-queries';
import { stepsKey } from '../sequences/step-queries';
import { TEMPLATES_KEY } from '../templates/template-queries';

export const variantsKey = (stepId: string) => ['/api/steps', stepId, 'variants'] as const;

/** GET /api/steps/{stepId}/variants: deleted ones too, in label order. */
export const useVariants = (stepId: string) => useQuery<StepVariant[]>({ queryKey: variantsKey(stepId) });

function useRefresh(sequenceId: string, stepId: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: variantsKey(stepId) });
    void queryClient.invalidateQueries({ queryKey: stepsKey(sequenceId) });
    void queryClient.invalidateQueries({ queryKey: sequenceAnalyticsKey(sequenceId) });
  };
}

/**
 * "Add variant": copies the template the new variant starts from into a new template (so editing it
 * leaves the original alone), then adds it as the step's next variant. Resolves with the copy.
 */
export function useAddVariant(sequenceId: string, stepId: string) {
  const refresh = useRefresh(sequenceId, stepId);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (fromTemplateId: string) => {
      const source = await apiJson<Template>('GET', `/api/templates/${fromTemplateId}`);
      const existing = queryClient.getQueryData<StepVariant[]>(variantsKey(stepId)) ?? [];
      const nextLetter = String.fromCharCode(65 + Math.max(1, existing.length));
      const copy = await apiJson<Template>('POST', '/api/templates', {
        name: `${source.name} (variant ${nextLetter})`.slice(0, TEXT_LIMITS.name),
        subject: source.subject,
        templateType: source.templateType,
        htmlBody: source.htmlBody,
        plainTextBody: source.plainTextBody,
        builderJson: source.builderJson,
      });
      const created = await apiJson<{ id: string; label: string }>('POST', `/api/steps/${stepId}/variants`, {
        templateId: copy.id,
      });
      return { ...created, template: copy };
    },
    onSuccess: ({ label }) => {
      refresh();
      void queryClient.invalidateQueries({ queryKey: TEMPLATES_KEY });
      toast({
        title: `Variant ${label} added`,
        description: 'It starts as a copy: edit its email to test it.',
      });
    },
    onError: failedToast('Failed to add variant'),
  });
}

export function useUpdateVariant(sequenceId: string, stepId: string) {
  const refresh = useRefresh(sequenceId, stepId);
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateVariantInput }) =>
      apiJson<StepVariant>('PATCH', `/api/steps/${stepId}/variants/${id}`, input),
    onSuccess: refresh,
    onError: failedToast('Failed to update variant'),
  });
}

export function useDeleteVariant(sequenceId: string, stepId: string, onDeleted: () => void) {
  const refresh = useRefresh(sequenceId, stepId);
  return useMutation({
    mutationFn: (id: string) => apiJson<{ message: string }>('DELETE', `/api/steps/${stepId}/variants/${id}`),
    onSuccess: () => {
      refresh();
      toast({ title: 'Variant deleted' });
      onDeleted();
    },
    onError: failedToast('Failed to delete variant'),
  });
}

/** PATCH /api/steps/{stepId} `abTest`: the rule, a winner picked by hand, stop or restart. */
export function useUpdateAbTest(sequenceId: string, stepId: string) {
  const refresh = useRefresh(sequenceId, stepId);
  return useMutation({
    mutationFn: ({ abTest }: { abTest: AbTestPatch; message: string }) =>
      apiJson<SequenceStep>('PATCH', `/api/steps/${stepId}`, { abTest }),
    onSuccess: (_step, { message }) => {
      refresh();
      toast({ title: message });
    },
    onError: failedToast('Failed to update the A/B test'),
  });
}

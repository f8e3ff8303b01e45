import type { QueuedEmailsCount } from '@prospector/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';

/** The queued emails of running or paused sequences an edit of this template (in one step) reaches. */
export function useQueuedEmails(templateId: string | null, stepId?: string) {
  const query = stepId ? `?stepId=${encodeURIComponent(stepId)}` : '';
  return useQuery({
    queryKey: ['/api/templates', templateId, 'queued-emails', stepId ?? null],
    queryFn: () => apiJson<QueuedEmailsCount>('GET', `/api/templates/${templateId}/queued-emails${query}`),
    enabled: templateId !== null,
  });
}

/**
 * Next to Save: how many queued emails go out with the change (they are rendered again when it is saved):
 * the template's, or with `stepId` that step's emails of the template it sends now.
 */
export function QueuedEmailsNote({ templateId, stepId }: { templateId: string | null; stepId?: string }) {
  const queued = useQueuedEmails(templateId, stepId).data?.queued ?? 0;
  if (queued === 0) return null;
  return (
    <p className="text-muted-foreground text-sm sm:mr-auto sm:self-center" data-testid="queued-emails-note">
      This change reaches {queued.toLocaleString()} queued {queued === 1 ? 'email' : 'emails'}
    </p>
  );
}

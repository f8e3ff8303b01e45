import type { QueuedEmailsCount } from '@prospector/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';

/** The queued emails of running or paused sequences an edit of this template reaches. */
export function useQueuedEmails(templateId: string | null) {
  return useQuery({
    queryKey: ['/api/templates', templateId, 'queued-emails'],
    queryFn: () => apiJson<QueuedEmailsCount>('GET', `/api/templates/${templateId}/queued-emails`),
    enabled: templateId !== null,
  });
}

/** Next to Save: how many queued emails go out with the change (they are rendered again when it is saved). */
export function QueuedEmailsNote({ templateId }: { templateId: string | null }) {
  const queued = useQueuedEmails(templateId).data?.queued ?? 0;
  if (queued === 0) return null;
  return (
    <p className="text-muted-foreground text-sm sm:mr-auto sm:self-center" data-testid="queued-emails-note">
      This change reaches {queued.toLocaleString()} queued {queued === 1 ? 'email' : 'emails'}
    </p>
  );
}

import {
  type ImportJobStarted,
  type JobStatusResponse,
  type Lead,
  type LeadFiltersInput,
  type LeadSearchResponse,
  leadWithRevealed,
  type RevealEmailResponse,
} from '@prospector/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';

export const leadSearchKey = (filters: LeadFiltersInput, page: number) =>
  ['/api/apollo/leads-search', filters, page] as const;

/** POST /api/apollo/leads-search: one page of 50 people; the previous page stays while the next loads. */
export function useLeadSearch(filters: LeadFiltersInput, page: number) {
  return useQuery({
    queryKey: leadSearchKey(filters, page),
    queryFn: () => apiJson<LeadSearchResponse>('POST', '/api/apollo/leads-search', { ...filters, page }),
    placeholderData: keepPreviousData,
  });
}

/** 'Access email': the server keeps the reveal; the cached result pages show it too, on every page visit. */
export function useRevealEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (personId: string) =>
      apiJson<RevealEmailResponse>('POST', '/api/apollo/reveal-email', { personId }),
    onSuccess: (answer, personId) => {
      const email = 'email' in answer && answer.email ? answer.email : null;
      const revealed = 'lead' in answer ? answer.lead : undefined;
      // The row shows what was paid for: the email and, from the reveal, the whole name.
      const complete = (person: Lead) => ({
        ...(revealed ? leadWithRevealed(person, revealed) : person),
        email,
      });
      queryClient.setQueriesData<LeadSearchResponse>(
        { queryKey: ['/api/apollo/leads-search'] },
        (data) =>
          data && {
            ...data,
            people: data.people.map((person) => (person.id === personId ? complete(person) : person)),
          },
      );
    },
  });
}

/** The add endpoints answer with a job to poll, or (spec section 7) directly with the counts. */
export type ImportStart = Partial<ImportJobStarted> & { added?: number; skipped?: number };

export const addLeadsToList = (personaId: string, leads: Lead[]) =>
  apiJson<ImportStart>('POST', '/api/apollo/add-to-persona', { personaId, leads });

/** The search's filters and the list to add its results to. */
export const addAllLeadsToList = (input: LeadFiltersInput & { personaId: string }) =>
  apiJson<ImportStart>('POST', '/api/apollo/add-all-to-persona', input);

export const fetchJobStatus = (jobId: string) =>
  apiJson<JobStatusResponse>('GET', `/api/jobs/${encodeURIComponent(jobId)}`);

import type {
  Contact,
  ContactListResponse,
  ContactStatusFilter,
  ContactUpdateInput,
  EnrollContactsInput,
  EnrollContactsResult,
  SequenceSummary,
} from '@prospector/contracts';
import { CONTACTS_PAGE_SIZE } from '@prospector/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiJson, apiRequest, serverMessage } from '@/lib/api';
import { refreshContactData } from '../email-lists/email-list-queries';
import { enrolmentSummary } from '../sequences/enrolment-summary';
import { contactErrorMessage } from './contact-error';

export interface ContactListParams {
  page: number;
  sortOrder: 'asc' | 'desc';
  statusFilter: ContactStatusFilter;
  industryFilter: string;
  /** A lead status from the Inbox, or 'all'. */
  leadStatusFilter: string;
  /** Text searched in name, email, company and title; empty for none. */
  search: string;
  /** An email list's id, or 'all'. */
  personaId: string;
}

/** GET /api/contacts?page&limit&sortBy&sortOrder&statusFilter&industryFilter&leadStatusFilter&search&personaId. */
export function useContacts(params: ContactListParams) {
  const search = new URLSearchParams({
    page: String(params.page),
    limit: String(CONTACTS_PAGE_SIZE),
    sortBy: 'createdAt',
    sortOrder: params.sortOrder,
    statusFilter: params.statusFilter,
    industryFilter: params.industryFilter,
    leadStatusFilter: params.leadStatusFilter,
    search: params.search,
    personaId: params.personaId,
  });
  return useQuery<ContactListResponse>({
    queryKey: ['/api/contacts', params],
    queryFn: () => apiJson('GET', `/api/contacts?${search}`),
    placeholderData: (previous) => previous,
  });
}

export function useContactIndustries() {
  return useQuery<string[]>({ queryKey: ['/api/contacts', 'industries'] });
}

export function useSequences() {
  return useQuery<SequenceSummary[]>({ queryKey: ['/api/sequences'] });
}

const failed = (fallback: string) => (error: unknown) =>
  toast({ title: 'Error', description: contactErrorMessage(error, fallback), variant: 'destructive' });

export function useUpdateContact(onUpdated: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ContactUpdateInput }) =>
      apiJson<Contact>('PATCH', `/api/contacts/${id}`, input),
    onSuccess: () => {
      refreshContactData(queryClient);
      toast({ title: 'Contact updated successfully' });
      onUpdated();
    },
    onError: failed('Failed to update contact'),
  });
}

export function useDeleteContact(onDeleted: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/contacts/${id}`),
    onSuccess: () => {
      refreshContactData(queryClient);
      toast({ title: 'Contact deleted successfully' });
      onDeleted();
    },
    onError: failed('Failed to delete contact'),
  });
}

export function useEnrollContacts(onEnrolled: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ sequenceId, contactIds }: { sequenceId: string; contactIds: string[] }) =>
      apiJson<EnrollContactsResult>('POST', `/api/sequences/${sequenceId}/contacts`, {
        contactIds,
      } satisfies EnrollContactsInput),
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: ['/api/sequences'] });
      const summary = enrolmentSummary(result);
      toast({
        title: 'Contacts added to sequence',
        description: summary.skipped ? `${summary.enrolled}. ${summary.skipped}` : summary.enrolled,
      });
      onEnrolled();
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: serverMessage(error, 'Failed to add contacts to sequence'),
        variant: 'destructive',
      }),
  });
}

import type {
  Contact,
  ContactCreateInput,
  MoveContactsResult,
  Persona,
  PersonaContactsResponse,
  PersonaInput,
  PersonaSequence,
} from '@prospector/contracts';
import { moveContactsMessage } from '@prospector/contracts';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiJson, apiRequest, serverMessage } from '@/lib/api';
import { contactErrorMessage } from '../contacts/contact-error';

export const PERSONAS_KEY = ['/api/personas'] as const;
export const personaKey = (id: string) => ['/api/personas', id] as const;
export const personaSequencesKey = (id: string) => ['/api/personas', id, 'sequences'] as const;
const personaContactsKey = (id: string, page: number, search: string) =>
  ['/api/personas', id, 'contacts', { page, search }] as const;

export function usePersonas() {
  return useQuery<Persona[]>({ queryKey: PERSONAS_KEY });
}

export function usePersona(id: string) {
  return useQuery<Persona>({ queryKey: personaKey(id) });
}

export function usePersonaSequences(id: string) {
  return useQuery<PersonaSequence[]>({ queryKey: personaSequencesKey(id) });
}

export const LIST_CONTACTS_PAGE_SIZE = 20;

export function usePersonaContacts(id: string, page: number, search = '') {
  const query = new URLSearchParams({ page: String(page), limit: String(LIST_CONTACTS_PAGE_SIZE), search });
  return useQuery<PersonaContactsResponse>({
    queryKey: personaContactsKey(id, page, search),
    queryFn: () => apiJson('GET', `/api/personas/${id}/contacts?${query}`),
    placeholderData: (previous) => previous,
  });
}

/** After contacts change: every list (counts), every list's contacts, and the contacts page. */
export function refreshContactData(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: PERSONAS_KEY });
  void queryClient.invalidateQueries({ queryKey: ['/api/contacts'] });
}

const failed = (fallback: string) => (error: unknown) =>
  toast({ title: 'Error', description: serverMessage(error, fallback), variant: 'destructive' });

export function useCreatePersona(onCreated: (persona: Persona) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PersonaInput) => apiJson<Persona>('POST', '/api/personas', input),
    onSuccess: (persona) => {
      queryClient.setQueryData(personaKey(persona.id), persona);
      void queryClient.invalidateQueries({ queryKey: PERSONAS_KEY, exact: true });
      toast({ title: 'Email list created successfully' });
      onCreated(persona);
    },
    onError: failed('Failed to create email list'),
  });
}

export function useUpdatePersona(id: string, onUpdated: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PersonaInput) => apiJson<Persona>('PATCH', `/api/personas/${id}`, input),
    onSuccess: (persona) => {
      queryClient.setQueryData(personaKey(id), persona);
      void queryClient.invalidateQueries({ queryKey: PERSONAS_KEY, exact: true });
      toast({ title: 'Email list updated successfully' });
      onUpdated();
    },
    onError: failed('Failed to update email list'),
  });
}

export function useDeletePersona(id: string, onDeleted: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('DELETE', `/api/personas/${id}`),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: personaKey(id) });
      refreshContactData(queryClient);
      toast({ title: 'Email list deleted successfully' });
      onDeleted();
    },
    onError: failed('Failed to delete email list'),
  });
}

/** The list detail's create-contact form: creates the contact in this list. */
export function useCreateListContact(id: string, onCreated: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ContactCreateInput) =>
      apiJson<Contact>('POST', '/api/contacts', { ...input, personaId: id, metadata: { source: 'manual' } }),
    onSuccess: () => {
      refreshContactData(queryClient);
      toast({ title: 'Contact created and linked to email list successfully' });
      onCreated();
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: contactErrorMessage(error, 'Failed to create contact'),
        variant: 'destructive',
      }),
  });
}

export function useMoveContacts(sourceId: string, onMoved: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ destinationId, contactIds }: { destinationId: string; contactIds: string[] }) =>
      apiJson<MoveContactsResult>('POST', `/api/personas/${destinationId}/move-contacts`, {
        contactIds,
        sourcePersonaId: sourceId,
      }),
    onSuccess: (result) => {
      refreshContactData(queryClient);
      toast({ title: moveContactsMessage(result) });
      onMoved();
    },
    onError: failed('Failed to move contacts'),
  });
}

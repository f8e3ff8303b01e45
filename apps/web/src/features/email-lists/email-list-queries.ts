import type {
  Contact,
  ContactCreateInput,
  MoveContactsResult,
  Persona,
  PersonaContactsResponse,
  PersonaInput,
  PersonaSequence,
  PersonaWorkflow,
  WithCreator,
} from '@prospector/contracts';
import { moveContactsMessage } from '@prospector/contracts';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiJson, apiRequest, serverMessage } from '@/lib/api';
import { showCreateContactError } from './create-contact-error-toast';
import { type ListSelection, selectionBody } from './list-selection';

export const PERSONAS_KEY = ['/api/personas'] as const;
export const personaKey = (id: string) => ['/api/personas', id] as const;
export const personaSequencesKey = (id: string) => ['/api/personas', id, 'sequences'] as const;
const personaContactsKey = (id: string, page: number, search: string) =>
  ['/api/personas', id, 'contacts', { page, search }] as const;

export function usePersonas() {
  return useQuery<Persona[]>({ queryKey: PERSONAS_KEY });
}

export function usePersona(id: string) {
  return useQuery<WithCreator<Persona>>({ queryKey: personaKey(id) });
}

export function usePersonaSequences(id: string) {
  return useQuery<PersonaSequence[]>({ queryKey: personaSequencesKey(id) });
}

/** The workflows that add their leads to the list. */
export function usePersonaWorkflows(id: string, enabled = true) {
  return useQuery<PersonaWorkflow[]>({ queryKey: ['/api/personas', id, 'workflows'], enabled });
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
      // A workflow that fed only this list now needs one.
      void queryClient.invalidateQueries({ queryKey: ['/api/workflows'] });
      toast({ title: 'Email list deleted successfully' });
      onDeleted();
    },
    onError: failed('Failed to delete email list'),
  });
}

/** The list detail's create-contact form: creates the contact in this list; `onDone` closes the form. */
export function useCreateListContact(id: string, onDone: () => void) {
  const queryClient = useQueryClient();
  const addExisting = useAddContactToList(id);
  return useMutation({
    mutationFn: (input: ContactCreateInput) =>
      apiJson<Contact>('POST', '/api/contacts', { ...input, personaId: id, metadata: { source: 'manual' } }),
    onSuccess: (contact) => {
      refreshContactData(queryClient);
      toast({
        title: 'Contact created and linked to email list successfully',
        // An address the suppression list covers is created unsubscribed, bounced or suppressed: say why.
        description: contact.suppression
          ? `It will never be emailed: ${contact.suppression.label} (suppression list).`
          : undefined,
      });
      onDone();
    },
    onError: (error) => {
      // The form is done with once the toast offers the existing contact: the dialog closes, so the toast
      // (outside the modal dialog) can be reached by keyboard and screen reader.
      if (showCreateContactError(error, (contactId) => addExisting.mutate(contactId))) onDone();
    },
  });
}

/** POST /api/personas/{id}/contacts: a contact the user already has joins this list. */
export function useAddContactToList(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contactId: string) =>
      apiJson<{ added: boolean }>('POST', `/api/personas/${id}/contacts`, { contactId }),
    onSuccess: ({ added }) => {
      refreshContactData(queryClient);
      toast({
        title: added ? 'Contact added to this email list' : 'The contact is already in this email list',
      });
    },
    onError: failed('Failed to add the contact to this email list'),
  });
}

export function useMoveContacts(sourceId: string, onMoved: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ destinationId, selection }: { destinationId: string; selection: ListSelection }) =>
      apiJson<MoveContactsResult>('POST', `/api/personas/${destinationId}/move-contacts`, {
        ...selectionBody(selection),
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

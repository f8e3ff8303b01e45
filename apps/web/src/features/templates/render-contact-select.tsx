import type { RenderContactOption, RenderContactsResponse } from '@prospector/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { apiJson } from '@/lib/api';

/** The user's contacts a template can be rendered for, the best-filled first. */
export function useRenderContacts(enabled = true) {
  return useQuery({
    queryKey: ['/api/templates/render-contacts'],
    queryFn: () => apiJson<RenderContactsResponse>('GET', '/api/templates/render-contacts'),
    enabled,
    staleTime: 30_000,
  });
}

const labelOf = (contact: RenderContactOption) =>
  contact.name?.trim() ? `${contact.name} <${contact.email}>` : contact.email;

/**
 * Whom the email is rendered for: one of the user's contacts ('' is the best-filled, the server's default).
 * Without contacts, says so and links to add one.
 */
export function RenderContactSelect({
  id,
  value,
  onChange,
  contacts,
  loading,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  contacts: RenderContactOption[] | undefined;
  loading: boolean;
}) {
  if (!loading && contacts && contacts.length === 0) {
    return (
      <p className="text-muted-foreground text-sm" role="status">
        You have no contacts yet: the email is rendered for one of your contacts, as a sequence sends it.{' '}
        <Link className="text-primary underline" to="/contacts">
          Add a contact
        </Link>
      </p>
    );
  }
  const chosen = value || contacts?.[0]?.id || '';
  return (
    <div className="grid min-w-0 gap-2">
      <Label id={`${id}-label`}>Render for contact</Label>
      <Select value={chosen} onValueChange={onChange} disabled={loading || !contacts}>
        <SelectTrigger
          aria-labelledby={`${id}-label`}
          className="w-full min-w-0 *:data-[slot=select-value]:block *:data-[slot=select-value]:truncate"
          data-testid={`${id}-trigger`}
        >
          <SelectValue placeholder={loading ? 'Loading contacts...' : 'Choose a contact'} />
        </SelectTrigger>
        <SelectContent>
          {(contacts ?? []).map((contact) => (
            <SelectItem key={contact.id} value={contact.id}>
              {labelOf(contact)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

import { CONTACTS_PAGE_SIZE, type Contact, type ContactStatusFilter } from '@prospector/contracts';
import { BanIcon, ListPlusIcon, MailXIcon, UserCheckIcon } from 'lucide-react';
import { useCallback, useState } from 'react';
import { LoadFailed } from '@/components/load-failed';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useCan } from '@/features/workspaces/use-workspaces';
import { PageHeader } from '@/pages/page-header';
import { AddToSequenceDialog } from './add-to-sequence-dialog';
import { ContactFilters } from './contact-filters';
import { ContactListFilter } from './contact-list-filter';
import { ContactProfileDialog } from './contact-profile-dialog';
import { useContacts } from './contact-queries';
import { ContactSearchInput } from './contact-search-input';
import { type ContactAction, ContactsTable } from './contacts-table';
import { CustomColumnsMenu, useCustomColumns } from './custom-columns';
import { DeleteContactDialog } from './delete-contact-dialog';
import { EditContactDialog } from './edit-contact-dialog';
import { pagesToOffer, totalLabel } from './page-numbers';
import { Pagination } from './pagination';
import { StatCard } from './stat-card';

/** /contacts: status stats, filters, the table (20 a page), and edit, delete and add-to-sequence dialogs. */
export function ContactsView() {
  const canChange = useCan('member');
  const [page, setPage] = useState(1);
  const [sortOrder, setSortOrder] = useState<'asc' | 'desc'>('desc');
  const [statusFilter, setStatusFilter] = useState<ContactStatusFilter>('all');
  const [industryFilter, setIndustryFilter] = useState('all');
  const [leadStatusFilter, setLeadStatusFilter] = useState('all');
  const [search, setSearch] = useState('');
  const [personaId, setPersonaId] = useState('all');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [editing, setEditing] = useState<Contact | null>(null);
  const [deleting, setDeleting] = useState<Contact | null>(null);
  const [profile, setProfile] = useState<Contact | null>(null);
  const [enrolling, setEnrolling] = useState<string[] | null>(null);
  const contacts = useContacts({
    page,
    sortOrder,
    statusFilter,
    industryFilter,
    leadStatusFilter,
    search,
    personaId,
  });
  const rows = contacts.data?.contacts ?? [];
  const columns = useCustomColumns();
  const stats = contacts.data?.stats;
  /** A figure, or a dash when the contacts could not be loaded (undefined while they load). */
  const stat = (value: number | undefined) => (contacts.isError ? '—' : value);

  const filtered =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
      setSelected(new Set());
    };
  const onSearch = useCallback((text: string) => {
    setSearch(text);
    setPage(1);
    setSelected(new Set());
  }, []);
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const toggleAll = () =>
    setSelected((current) => {
      const all = rows.length > 0 && rows.every((c) => current.has(c.id));
      const next = new Set(current);
      for (const c of rows) all ? next.delete(c.id) : next.add(c.id);
      return next;
    });
  const act = (action: ContactAction, contact: Contact) => {
    if (action === 'profile') setProfile(contact);
    else if (action === 'edit') setEditing(contact);
    else if (action === 'delete') setDeleting(contact);
    else setEnrolling([contact.id]);
  };

  return (
    <div className="mx-auto w-full max-w-7xl space-y-6 p-4 sm:p-6 lg:p-8">
      <PageHeader
        title="Contacts"
        subtitle="Manage your contacts and their status"
        actions={
          canChange && (
            <Button
              variant="outline"
              disabled={selected.size === 0}
              onClick={() => setEnrolling([...selected])}
            >
              <ListPlusIcon /> Add to Sequence{selected.size > 0 ? ` (${selected.size})` : ''}
            </Button>
          )
        }
      />
      <section aria-label="Contact stats" className="grid gap-4 sm:grid-cols-3">
        <StatCard label="Active" value={stat(stats?.active)} icon={UserCheckIcon} />
        <StatCard label="Suppressed" value={stat(stats?.suppressed)} icon={BanIcon} />
        <StatCard label="Unsubscribed" value={stat(stats?.unsubscribed)} icon={MailXIcon} />
      </section>
      <div className="flex flex-wrap items-end gap-4">
        <ContactSearchInput onSearch={onSearch} />
        <ContactListFilter value={personaId} onChange={filtered(setPersonaId)} />
      </div>
      <ContactFilters
        status={statusFilter}
        industry={industryFilter}
        onStatusChange={filtered(setStatusFilter)}
        onIndustryChange={filtered(setIndustryFilter)}
        leadStatus={leadStatusFilter}
        onLeadStatusChange={filtered(setLeadStatusFilter)}
      />
      {contacts.isError ? (
        <LoadFailed message="Failed to fetch contacts" onRetry={() => contacts.refetch()} />
      ) : contacts.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner className="size-6" label="Loading contacts" />
        </div>
      ) : rows.length === 0 ? (
        <p className="rounded-xl border border-dashed py-14 text-center text-muted-foreground text-sm">
          {statusFilter === 'all' &&
          industryFilter === 'all' &&
          leadStatusFilter === 'all' &&
          personaId === 'all' &&
          !search
            ? 'No contacts yet. Add them to an email list by hand or from a CSV file.'
            : 'No contacts match these filters.'}
        </p>
      ) : (
        <>
          <div className="flex items-center justify-between gap-2">
            <p className="text-muted-foreground text-sm" aria-live="polite">
              {contacts.data ? totalLabel(contacts.data) : 0}{' '}
              {contacts.data?.total === 1 && contacts.data.totalIsExact ? 'contact' : 'contacts'}
            </p>
            <CustomColumnsMenu keys={columns.keys} shown={columns.shown} onToggle={columns.toggle} />
          </div>
          <ContactsTable
            contacts={rows}
            customColumns={columns.shown}
            selected={selected}
            onToggle={toggle}
            onToggleAll={toggleAll}
            sortOrder={sortOrder}
            onSortToggle={() => {
              setSortOrder((o) => (o === 'desc' ? 'asc' : 'desc'));
              setPage(1);
            }}
            onAction={act}
          />
        </>
      )}
      <Pagination
        page={page}
        pages={pagesToOffer(contacts.data, page, CONTACTS_PAGE_SIZE)}
        onPageChange={setPage}
        label="Contact pages"
      />
      <ContactProfileDialog contact={profile} onClose={() => setProfile(null)} />
      <EditContactDialog contact={editing} onClose={() => setEditing(null)} />
      <DeleteContactDialog contact={deleting} onClose={() => setDeleting(null)} />
      <AddToSequenceDialog
        contactIds={enrolling}
        onClose={() => {
          setEnrolling(null);
          setSelected(new Set());
        }}
      />
    </div>
  );
}

import type { Contact, Persona } from '@prospector/contracts';
import { ArrowRightLeftIcon, FileUpIcon, UserPlusIcon } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useCan } from '@/features/workspaces/use-workspaces';
import { ContactProfileDialog } from '../contacts/contact-profile-dialog';
import { ContactRowCells } from '../contacts/contact-row-cells';
import { ContactSearchInput } from '../contacts/contact-search-input';
import {
  CustomColumnsMenu,
  CustomFieldCells,
  CustomFieldHeads,
  useCustomColumns,
} from '../contacts/custom-columns';
import { pagesToOffer, totalLabel } from '../contacts/page-numbers';
import { Pagination } from '../contacts/pagination';
import { SelectBox } from '../contacts/select-box';
import { ImportCsvDialog } from '../csv-import/import-csv-dialog';
import { CreateContactDialog } from './create-contact-dialog';
import { LIST_CONTACTS_PAGE_SIZE, usePersonaContacts } from './email-list-queries';
import type { ListSelection } from './list-selection';
import { MoveContactsDialog } from './move-contacts-dialog';
import { SelectAllOfListBar } from './select-all-of-list-bar';

type Dialog = 'create' | 'import' | 'move' | null;

/** The list's contacts, 20 a page, with Add Contact, Import CSV and Move Contacts. */
export function ListContactsSection({ persona }: { persona: Persona }) {
  const canChange = useCan('member');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  // "Select all N contacts of this list": bulk actions then apply to the whole list, not only ticked rows.
  const [allOfList, setAllOfList] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [search, setSearch] = useState('');
  const [profile, setProfile] = useState<Contact | null>(null);
  const contacts = usePersonaContacts(persona.id, page, search);
  const onSearch = useCallback((text: string) => {
    setSearch(text);
    setPage(1);
    setAllOfList(false);
  }, []);
  const rows = contacts.data?.contacts ?? [];
  const columns = useCustomColumns();
  const isSelected = (id: string) => allOfList || selected.has(id);
  const allOnPage = rows.length > 0 && rows.every((c) => isSelected(c.id));
  const listTotal = contacts.data?.total ?? 0;
  // Offered without a search only: the whole list is what the bulk API can take in one request.
  const offersWholeList = allOfList || (allOnPage && !search && listTotal > rows.length);
  const selection: ListSelection = allOfList
    ? { allOfList: true, count: listTotal }
    : { contactIds: [...selected] };
  const selectedCount = allOfList ? listTotal : selected.size;
  const clearSelection = () => {
    setSelected(new Set());
    setAllOfList(false);
  };

  const toggle = (id: string) => {
    setAllOfList(false);
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  };
  const toggleAll = () => {
    if (allOfList) return clearSelection();
    setSelected((current) => {
      const next = new Set(current);
      for (const c of rows) allOnPage ? next.delete(c.id) : next.add(c.id);
      return next;
    });
  };
  const open = (which: Dialog) => () => setDialog(which);
  const setOpen = (which: Dialog) => (isOpen: boolean) => setDialog(isOpen ? which : null);

  return (
    <Card className="gap-4">
      <CardHeader className="flex flex-wrap items-center justify-between gap-3">
        <CardTitle as="h2" className="text-base">
          Contacts ({((search ? null : contacts.data?.total) ?? persona.contactCount).toLocaleString('en-US')}
          )
        </CardTitle>
        <div className="flex flex-wrap gap-2">
          <CustomColumnsMenu keys={columns.keys} shown={columns.shown} onToggle={columns.toggle} />
          {canChange && (
            <>
              <Button size="sm" variant="outline" disabled={selectedCount === 0} onClick={open('move')}>
                <ArrowRightLeftIcon /> Move Contacts
                {selectedCount > 0 ? ` (${selectedCount.toLocaleString('en-US')})` : ''}
              </Button>
              <Button size="sm" variant="outline" onClick={open('import')}>
                <FileUpIcon /> Import CSV
              </Button>
              <Button size="sm" onClick={open('create')}>
                <UserPlusIcon /> Add Contact
              </Button>
            </>
          )}
        </div>
      </CardHeader>
      <CardContent className="grid min-w-0 gap-4">
        <ContactSearchInput onSearch={onSearch} />
        {search && contacts.data && contacts.data.total > 0 && (
          <p className="text-muted-foreground text-sm" aria-live="polite">
            {totalLabel(contacts.data)}{' '}
            {contacts.data.total === 1 && contacts.data.totalIsExact ? 'contact matches' : 'contacts match'}
          </p>
        )}
        {canChange && offersWholeList && (
          <SelectAllOfListBar
            pageCount={rows.length}
            total={listTotal}
            allOfList={allOfList}
            onSelectAll={() => setAllOfList(true)}
            onClear={clearSelection}
          />
        )}
        {contacts.isPending ? (
          <Spinner className="mx-auto size-6" label="Loading contacts" />
        ) : rows.length === 0 ? (
          <p className="py-8 text-center text-muted-foreground text-sm">
            {search
              ? 'No contacts of this list match this search.'
              : canChange
                ? 'No contacts in this list yet. Add one by hand or import a CSV file.'
                : 'No contacts in this list yet.'}
          </p>
        ) : (
          <div className="min-w-0 rounded-md border">
            <Table aria-label="Contacts in this list">
              <TableHeader>
                <TableRow>
                  {canChange && (
                    <TableHead className="w-10">
                      <SelectBox
                        checked={allOnPage}
                        onChange={toggleAll}
                        label="Select all contacts on this page"
                      />
                    </TableHead>
                  )}
                  <TableHead>Contact</TableHead>
                  <TableHead>Title</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead>Created</TableHead>
                  <CustomFieldHeads keys={columns.shown} />
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((contact) => (
                  <TableRow key={contact.id} data-state={isSelected(contact.id) ? 'selected' : undefined}>
                    <ContactRowCells
                      contact={contact}
                      selected={isSelected(contact.id)}
                      onToggle={canChange ? toggle : undefined}
                      detail="title"
                      onOpen={setProfile}
                    />
                    <CustomFieldCells contact={contact} keys={columns.shown} />
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
        <Pagination
          page={page}
          pages={pagesToOffer(contacts.data, page, LIST_CONTACTS_PAGE_SIZE)}
          onPageChange={setPage}
          label="Contact pages"
        />
      </CardContent>
      <CreateContactDialog
        personaId={persona.id}
        open={dialog === 'create'}
        onOpenChange={setOpen('create')}
      />
      <ImportCsvDialog personaId={persona.id} open={dialog === 'import'} onOpenChange={setOpen('import')} />
      <MoveContactsDialog
        sourceId={persona.id}
        selection={selection}
        open={dialog === 'move'}
        onOpenChange={setOpen('move')}
        onMoved={clearSelection}
      />
      <ContactProfileDialog contact={profile} onClose={() => setProfile(null)} />
    </Card>
  );
}

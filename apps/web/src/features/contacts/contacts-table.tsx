import type { Contact } from '@prospector/contracts';
import {
  ArrowDownIcon,
  ArrowUpIcon,
  ListPlusIcon,
  MoreHorizontalIcon,
  PencilIcon,
  Trash2Icon,
} from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useCan } from '@/features/workspaces/use-workspaces';
import { ContactRowCells } from './contact-row-cells';
import { CustomFieldCells, CustomFieldHeads } from './custom-columns';
import { SelectBox } from './select-box';

export type ContactAction = 'profile' | 'edit' | 'sequence' | 'delete';

/**
 * The contacts page's table: selection, Created sorting (newest first by default), the custom fields chosen
 * as columns, and row actions.
 */
export function ContactsTable({
  contacts,
  customColumns,
  selected,
  onToggle,
  onToggleAll,
  sortOrder,
  onSortToggle,
  onAction,
}: {
  contacts: Contact[];
  customColumns: readonly string[];
  selected: Set<string>;
  onToggle: (id: string) => void;
  onToggleAll: () => void;
  sortOrder: 'asc' | 'desc';
  onSortToggle: () => void;
  onAction: (action: ContactAction, contact: Contact) => void;
}) {
  const canChange = useCan('member');
  const allSelected = contacts.length > 0 && contacts.every((c) => selected.has(c.id));
  const SortIcon = sortOrder === 'desc' ? ArrowDownIcon : ArrowUpIcon;
  return (
    <div className="rounded-md border">
      <Table aria-label="Contacts">
        <TableHeader>
          <TableRow>
            {canChange && (
              <TableHead className="w-10">
                <SelectBox
                  checked={allSelected}
                  onChange={onToggleAll}
                  label="Select all contacts on this page"
                />
              </TableHead>
            )}
            <TableHead>Contact</TableHead>
            <TableHead>Organization</TableHead>
            <TableHead>Status</TableHead>
            <TableHead aria-sort={sortOrder === 'desc' ? 'descending' : 'ascending'}>
              <Button variant="ghost" size="sm" className="-ml-3" onClick={onSortToggle}>
                Created <SortIcon aria-label={sortOrder === 'desc' ? 'newest first' : 'oldest first'} />
              </Button>
            </TableHead>
            <CustomFieldHeads keys={customColumns} />
            {canChange && (
              <TableHead className="w-12">
                <span className="sr-only">Actions</span>
              </TableHead>
            )}
          </TableRow>
        </TableHeader>
        <TableBody>
          {contacts.map((contact) => (
            <TableRow key={contact.id} data-state={selected.has(contact.id) ? 'selected' : undefined}>
              <ContactRowCells
                contact={contact}
                selected={selected.has(contact.id)}
                onToggle={canChange ? onToggle : undefined}
                detail="organization"
                onOpen={(c) => onAction('profile', c)}
              />
              <CustomFieldCells contact={contact} keys={customColumns} />
              {canChange && (
                <TableCell>
                  <DropdownMenu>
                    <DropdownMenuTrigger asChild>
                      <Button variant="ghost" size="icon-sm" aria-label={`Actions for ${contact.email}`}>
                        <MoreHorizontalIcon />
                      </Button>
                    </DropdownMenuTrigger>
                    <DropdownMenuContent align="end">
                      <DropdownMenuItem onSelect={() => onAction('edit', contact)}>
                        <PencilIcon /> Edit
                      </DropdownMenuItem>
                      <DropdownMenuItem onSelect={() => onAction('sequence', contact)}>
                        <ListPlusIcon /> Add to Sequence
                      </DropdownMenuItem>
                      <DropdownMenuItem variant="destructive" onSelect={() => onAction('delete', contact)}>
                        <Trash2Icon /> Delete
                      </DropdownMenuItem>
                    </DropdownMenuContent>
                  </DropdownMenu>
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

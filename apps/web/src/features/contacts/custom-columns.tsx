import type { Contact } from '@prospector/contracts';
import { Columns3Icon } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { TableCell, TableHead } from '@/components/ui/table';
import { readStorage, writeStorage } from '@/lib/storage';
import { useCustomKeys } from '../templates/use-custom-keys';

/** The custom fields shown as columns of the contact tables, kept across visits. */
export const CUSTOM_COLUMNS_STORAGE_KEY = 'contactCustomColumns';

function load(): string[] {
  try {
    const parsed: unknown = JSON.parse(readStorage(CUSTOM_COLUMNS_STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The user's custom field keys and those chosen as columns (in the keys' order). A chosen key no contact
 * has any more is not shown, but stays chosen for when it comes back.
 */
export function useCustomColumns() {
  const keys = useCustomKeys();
  const [chosen, setChosen] = useState<string[]>(load);
  const toggle = useCallback((key: string) => {
    setChosen((current) => {
      const next = current.includes(key) ? current.filter((k) => k !== key) : [...current, key];
      writeStorage(CUSTOM_COLUMNS_STORAGE_KEY, JSON.stringify(next));
      return next;
    });
  }, []);
  return { keys, shown: keys.filter((key) => chosen.includes(key)), toggle };
}

/** "Columns": a checkbox for each custom field, to show it as a column of the table. */
export function CustomColumnsMenu({
  keys,
  shown,
  onToggle,
}: {
  keys: readonly string[];
  shown: readonly string[];
  onToggle: (key: string) => void;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm">
          <Columns3Icon aria-hidden /> Columns{shown.length > 0 ? ` (${shown.length})` : ''}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="max-h-80 w-56">
        <DropdownMenuLabel>Custom fields</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {keys.length === 0 ? (
          <p className="px-2 py-1.5 text-muted-foreground text-sm">
            No custom fields yet: import a CSV with extra columns, or add one to a contact.
          </p>
        ) : (
          keys.map((key) => (
            <DropdownMenuCheckboxItem
              key={key}
              checked={shown.includes(key)}
              onCheckedChange={() => onToggle(key)}
              onSelect={(event) => event.preventDefault()}
            >
              <code className="truncate text-xs">{key}</code>
            </DropdownMenuCheckboxItem>
          ))
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export function CustomFieldHeads({ keys }: { keys: readonly string[] }) {
  return keys.map((key) => (
    <TableHead key={key}>
      <code className="font-normal text-xs">{key}</code>
    </TableHead>
  ));
}

/** A contact's value of each shown custom field; a muted dash when it has none. */
export function CustomFieldCells({ contact, keys }: { contact: Contact; keys: readonly string[] }) {
  return keys.map((key) => {
    const value = Object.hasOwn(contact.customFields, key) ? contact.customFields[key] : undefined;
    return (
      <TableCell key={key} className="max-w-64">
        {value ? (
          <span className="line-clamp-2 text-sm" title={value}>
            {value}
          </span>
        ) : (
          <>
            <span className="text-muted-foreground" aria-hidden>
              —
            </span>
            <span className="sr-only">No value</span>
          </>
        )}
      </TableCell>
    );
  });
}

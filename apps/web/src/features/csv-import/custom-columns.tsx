import type { CustomColumn } from '@prospector/contracts';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';

/**
 * The file's columns that map to no contact field, each imported as a custom field ({{pain_point}}) unless
 * switched off, and whether known addresses get those values too (never without asking).
 */
export function CustomColumns({
  columns,
  excluded,
  onExcludedChange,
  updateExisting,
  onUpdateExistingChange,
}: {
  columns: CustomColumn[];
  excluded: ReadonlySet<string>;
  onExcludedChange: (excluded: Set<string>) => void;
  updateExisting: boolean;
  onUpdateExistingChange: (update: boolean) => void;
}) {
  if (columns.length === 0) return null;
  const toggle = (key: string, included: boolean) => {
    const next = new Set(excluded);
    if (included) next.delete(key);
    else next.add(key);
    onExcludedChange(next);
  };
  return (
    <fieldset className="grid gap-2 rounded-md border p-3">
      <legend className="px-1 font-medium text-sm">Other columns</legend>
      <ul className="grid gap-1.5">
        {columns.map((column) => {
          const id = `custom-column-${column.index}`;
          return (
            <li key={column.key} className="flex items-center gap-2 text-sm">
              <Checkbox
                id={id}
                checked={!excluded.has(column.key)}
                onCheckedChange={(checked) => toggle(column.key, checked === true)}
              />
              <Label htmlFor={id} className="font-normal">
                "{column.header}" → custom field{' '}
                <code className="rounded bg-muted px-1">{`{{${column.key}}}`}</code>
              </Label>
            </li>
          );
        })}
      </ul>
      <div className="flex items-center gap-2 border-t pt-2 text-sm">
        <Checkbox
          id="update-existing-contacts"
          checked={updateExisting}
          onCheckedChange={(checked) => onUpdateExistingChange(checked === true)}
        />
        <Label htmlFor="update-existing-contacts" className="font-normal">
          Update existing contacts: contacts you already have get these custom fields from the file
        </Label>
      </div>
    </fieldset>
  );
}

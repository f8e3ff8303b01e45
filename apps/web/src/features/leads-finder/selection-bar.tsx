import { ListPlusIcon, UsersIcon, XIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { countOf } from '@/lib/plural';

const count = (value: number) => value.toLocaleString('en-US');

/** Shown while leads are selected: Clear selection, Add All Results (total), Add Selected (count). */
export function SelectionBar({
  selectedCount,
  total,
  busy,
  onClear,
  onAddAll,
  onAddSelected,
}: {
  selectedCount: number;
  total: number;
  busy: boolean;
  onClear: () => void;
  onAddAll: () => void;
  onAddSelected: () => void;
}) {
  return (
    <section
      aria-label="Selection"
      className="sticky bottom-4 z-10 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border bg-background/95 p-3 shadow-lg backdrop-blur"
    >
      <p className="font-medium text-sm">{countOf(selectedCount, 'lead', 'leads')} selected</p>
      <div className="flex flex-wrap items-center gap-1.5">
        <Button variant="ghost" size="sm" onClick={onClear}>
          <XIcon aria-hidden /> Clear selection
        </Button>
        <Button variant="outline" size="sm" disabled={busy || total === 0} onClick={onAddAll}>
          <UsersIcon aria-hidden /> Add All Results ({count(total)})
        </Button>
        <Button size="sm" disabled={busy} onClick={onAddSelected}>
          <ListPlusIcon aria-hidden /> Add Selected ({count(selectedCount)})
        </Button>
      </div>
    </section>
  );
}

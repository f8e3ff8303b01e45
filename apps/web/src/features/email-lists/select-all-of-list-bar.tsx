import { Button } from '@/components/ui/button';

const count = (n: number) => n.toLocaleString('en-US');

/**
 * Shown once the header checkbox has ticked every row of the page while the list holds more: offers the
 * whole list, then says the whole list is selected and offers to clear it.
 */
export function SelectAllOfListBar({
  pageCount,
  total,
  allOfList,
  onSelectAll,
  onClear,
}: {
  pageCount: number;
  total: number;
  allOfList: boolean;
  onSelectAll: () => void;
  onClear: () => void;
}) {
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-center gap-x-2 gap-y-1 rounded-md bg-muted px-3 py-2 text-sm"
    >
      {allOfList ? (
        <>
          <span>All {count(total)} contacts of this list are selected.</span>
          <Button variant="link" size="sm" className="h-auto p-0" onClick={onClear}>
            Clear selection
          </Button>
        </>
      ) : (
        <>
          <span>
            All {count(pageCount)} {pageCount === 1 ? 'contact' : 'contacts'} on this page are selected.
          </span>
          <Button variant="link" size="sm" className="h-auto p-0" onClick={onSelectAll}>
            Select all {count(total)} contacts of this list
          </Button>
        </>
      )}
    </div>
  );
}

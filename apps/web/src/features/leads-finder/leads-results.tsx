import { type Lead, type LeadSearchResponse, TEXT_LIMITS } from '@prospector/contracts';
import { SearchIcon, SearchXIcon } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { LeadsTable } from './leads-table';
import { ResultsPager } from './results-pager';

/** The results column: the free-text box, the table with its states, and the pager. */
export function LeadsResults({
  data,
  leads,
  isPending,
  isFetching,
  errorMessage,
  page,
  pages,
  onPageChange,
  selected,
  onToggle,
  onTogglePage,
  revealingId,
  onReveal,
}: {
  data: LeadSearchResponse | undefined;
  leads: Lead[];
  isPending: boolean;
  isFetching: boolean;
  errorMessage: string | null;
  page: number;
  pages: number;
  onPageChange: (page: number) => void;
  selected: ReadonlyMap<string, Lead>;
  onToggle: (lead: Lead) => void;
  onTogglePage: () => void;
  revealingId: string | null;
  onReveal: (lead: Lead) => void;
}) {
  const total = data?.pagination.total_entries ?? 0;
  return (
    <section aria-label="Results" className="@container/results grid min-w-0 grid-cols-1 content-start gap-4">
      <div className="flex items-center gap-3">
        <div className="relative max-w-md flex-1">
          <SearchIcon
            className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-3 size-4 text-muted-foreground"
            aria-hidden
          />
          <Input
            type="search"
            placeholder="Search leads..."
            aria-label="Search leads"
            maxLength={TEXT_LIMITS.searchText}
            className="pl-9"
          />
        </div>
        {isFetching && !isPending && <Spinner label="Loading leads" />}
      </div>
      {isPending ? (
        <div className="flex items-center justify-center gap-2 rounded-md border py-16 text-muted-foreground text-sm">
          <Spinner /> Searching leads...
        </div>
      ) : errorMessage && !data ? (
        <div role="alert" className="rounded-md border border-destructive/40 p-8 text-center text-sm">
          <p className="font-medium text-destructive">Failed to search leads</p>
          <p className="mt-1 text-muted-foreground">{errorMessage}</p>
        </div>
      ) : total === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-md border py-16 text-center text-sm">
          <SearchXIcon className="size-8 text-muted-foreground" aria-hidden />
          <p className="font-medium">No leads match these filters</p>
          <p className="text-muted-foreground">Remove a filter or try other titles, places or sizes.</p>
        </div>
      ) : (
        <>
          <LeadsTable
            leads={leads}
            selected={selected}
            onToggle={onToggle}
            onTogglePage={onTogglePage}
            revealingId={revealingId}
            onReveal={onReveal}
          />
          <ResultsPager page={page} pages={pages} total={total} onPageChange={onPageChange} />
        </>
      )}
    </section>
  );
}

import { LEAD_SEARCH_MAX_PAGE, type LeadFiltersInput } from '@prospector/contracts';
import { useEffect, useRef, useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { serverMessage } from '@/lib/api';
import { ApolloSourceBanner } from './apollo-source-banner';
import { EmailListPickerDialog } from './email-list-picker-dialog';
import { FilterPanel } from './filter-panel';
import { ImportProgressCard } from './import-progress-card';
import { leadsWithUsableEmail, pickerDescription } from './lead-display';
import { emptyLeadFilters, type LeadFilterValues, toLeadSearchFilters } from './lead-filters';
import { useLeadSearch } from './leads-queries';
import { LeadsResults } from './leads-results';
import { SelectionBar } from './selection-bar';
import { useLeadImport } from './use-lead-import';
import { useLeadSelection } from './use-lead-selection';
import { useRevealedEmails } from './use-revealed-emails';

/** /contacts-hub/leads-finder: filters on the left, 50 leads a page, selection and imports into a list. */
export function LeadsFinderView() {
  const [draft, setDraft] = useState<LeadFilterValues>(emptyLeadFilters);
  const [applied, setApplied] = useState<LeadFiltersInput>(() => toLeadSearchFilters(emptyLeadFilters));
  const [page, setPage] = useState(1);
  const resultsTop = useRef<HTMLDivElement>(null);
  // Next and Previous sit under the table: the new page is read from its first row.
  const goToPage = (next: number) => {
    setPage(next);
    resultsTop.current?.scrollIntoView({ block: 'start' });
  };
  const [picking, setPicking] = useState<'selected' | 'all' | null>(null);
  const search = useLeadSearch(applied, page);
  const selection = useLeadSelection();
  const emails = useRevealedEmails();
  const importer = useLeadImport();

  const errorMessage = search.error ? serverMessage(search.error, 'Failed to search leads') : null;
  useEffect(() => {
    if (errorMessage) toast({ title: 'Search Error', description: errorMessage, variant: 'destructive' });
  }, [errorMessage]);

  const apply = (filters: LeadFilterValues) => {
    setApplied(toLeadSearchFilters(filters));
    setPage(1);
    selection.clear();
  };
  const leads = (search.data?.people ?? []).map(emails.withRevealed);
  const total = search.data?.pagination.total_entries ?? 0;
  const pages = Math.min(search.data?.pagination.total_pages ?? 1, LEAD_SEARCH_MAX_PAGE);
  const selectedCount = selection.selected.size;
  const selectedLeads = () => [...selection.selected.values()].map(emails.withRevealed);

  return (
    <div className="@container grid grid-cols-1 gap-6">
      <ApolloSourceBanner />
      <div className="grid grid-cols-1 @4xl:grid-cols-[16rem_minmax(0,1fr)] items-start gap-6">
        <FilterPanel
          values={draft}
          onChange={(patch) => setDraft((current) => ({ ...current, ...patch }))}
          onApply={() => apply(draft)}
          onClear={() => {
            setDraft(emptyLeadFilters);
            apply(emptyLeadFilters);
          }}
        />
        <div ref={resultsTop} className="grid min-w-0 scroll-mt-4 grid-cols-1 gap-4">
          {importer.run && (
            <ImportProgressCard
              key={importer.run.jobId}
              run={importer.run}
              onDismiss={importer.dismiss}
              onCheckAgain={importer.checkAgain}
            />
          )}
          <LeadsResults
            data={search.data}
            leads={leads}
            isPending={search.isPending}
            isFetching={search.isFetching}
            errorMessage={errorMessage}
            page={page}
            pages={pages}
            onPageChange={goToPage}
            selected={selection.selected}
            onToggle={selection.toggle}
            onTogglePage={() => selection.togglePage(leads)}
            revealingId={emails.revealingId}
            onReveal={emails.revealLead}
          />
          {selectedCount > 0 && (
            <SelectionBar
              selectedCount={selectedCount}
              total={total}
              busy={importer.running}
              onClear={selection.clear}
              onAddAll={() => setPicking('all')}
              onAddSelected={() => {
                if (leadsWithUsableEmail(selectedLeads()).length > 0) return setPicking('selected');
                toast({
                  title: 'No valid emails',
                  description: 'None of the selected leads has an email address to add.',
                  variant: 'destructive',
                });
              }}
            />
          )}
        </div>
        <EmailListPickerDialog
          open={picking !== null}
          onOpenChange={(open) => !open && setPicking(null)}
          description={pickerDescription(picking ?? 'selected', picking === 'all' ? total : selectedCount)}
          onPick={(list) => {
            if (picking === 'all')
              return importer.importLeads({ mode: 'all', list, filters: applied }, selection.clear);
            importer.importLeads({ mode: 'selected', list, leads: selectedLeads() }, selection.clear);
          }}
        />
      </div>
    </div>
  );
}

import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { showingRange } from './lead-display';

/** 'Showing X to Y of Z', Previous/Next and 'Page X of Y' (spec "Leads Finder"). */
export function ResultsPager({
  page,
  pages,
  total,
  onPageChange,
}: {
  page: number;
  pages: number;
  total: number;
  onPageChange: (page: number) => void;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-muted-foreground tabular-nums" data-testid="results-range">
        {showingRange(page, total)}
      </p>
      <nav aria-label="Results pages" className="flex items-center gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          <ChevronLeftIcon aria-hidden /> Previous
        </Button>
        <span className="tabular-nums" aria-live="polite">
          Page {page.toLocaleString('en-US')} of {Math.max(pages, 1).toLocaleString('en-US')}
        </span>
        <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
          Next <ChevronRightIcon aria-hidden />
        </Button>
      </nav>
    </div>
  );
}

import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { pageNumbers } from './page-numbers';

/** Previous, at most five page numbers, next (spec section 9). */
export function Pagination({
  page,
  pages,
  onPageChange,
  label = 'Pagination',
}: {
  page: number;
  pages: number;
  onPageChange: (page: number) => void;
  label?: string;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-center gap-1">
      <Button
        variant="outline"
        size="sm"
        disabled={page <= 1}
        onClick={() => onPageChange(page - 1)}
        aria-label="Previous page"
      >
        <ChevronLeftIcon />
        Previous
      </Button>
      {pageNumbers(page, pages).map((n) => (
        <Button
          key={n}
          variant={n === page ? 'default' : 'outline'}
          size="sm"
          className="min-w-9"
          aria-label={`Page ${n}`}
          aria-current={n === page ? 'page' : undefined}
          onClick={() => onPageChange(n)}
        >
          {n}
        </Button>
      ))}
      <Button
        variant="outline"
        size="sm"
        disabled={page >= pages}
        onClick={() => onPageChange(page + 1)}
        aria-label="Next page"
      >
        Next
        <ChevronRightIcon />
      </Button>
    </nav>
  );
}

import { SearchXIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

interface RecordUnavailableProps {
  /** The way back (a link to the list the record belongs to). */
  back: ReactNode;
  /** True for a 404: the record is gone or the link is wrong; false for a failed load, which can be retried. */
  missing: boolean;
  notFoundTitle: string;
  failedTitle: string;
  onRetry: () => void;
}

/** A detail page whose record could not be shown: not found (with why), or failed to load (with a retry). */
export function RecordUnavailable({
  back,
  missing,
  notFoundTitle,
  failedTitle,
  onRetry,
}: RecordUnavailableProps) {
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 p-4 sm:p-6 lg:p-8">
      {back}
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-14 text-center">
        <SearchXIcon className="size-8 text-muted-foreground" aria-hidden />
        <h1 className="font-semibold text-lg">{missing ? notFoundTitle : failedTitle}</h1>
        <p className="text-muted-foreground text-sm">
          {missing
            ? 'It may have been deleted, or the link is wrong.'
            : 'Check your connection and try again.'}
        </p>
        {!missing && (
          <Button variant="outline" onClick={onRetry}>
            Try again
          </Button>
        )}
      </div>
    </div>
  );
}

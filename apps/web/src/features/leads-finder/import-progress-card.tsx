import { CheckCircle2Icon, ClockIcon, XIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ImportProgress } from '../csv-import/import-progress';
import type { ImportRun } from './use-lead-import';

const count = (value: number) => value.toLocaleString('en-US');

/** The running (or finished) import: a progress bar and the added, revealed and skipped counts. */
export function ImportProgressCard({
  run,
  onDismiss,
  onCheckAgain,
}: {
  run: ImportRun;
  onDismiss: () => void;
  onCheckAgain: () => void;
}) {
  const progress = run.job?.progress;
  const finished = run.outcome !== null;
  // Polling stopped but the import may still be running (waiting for Apollo's limits, say).
  const unsettled = run.outcome?.kind === 'gave-up' || run.outcome?.kind === 'unreachable';
  const title = run.mode === 'selected' ? 'Adding selected leads' : 'Adding all results';
  // The import starts from the bar at the bottom; bring its progress into view.
  const card = useRef<HTMLElement>(null);
  useEffect(() => {
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    card.current?.scrollIntoView({ block: 'nearest', behavior: still ? 'auto' : 'smooth' });
  }, []);
  return (
    <section
      ref={card}
      aria-label="Import progress"
      className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm"
      data-testid="lead-import"
    >
      <div className="flex items-start justify-between gap-3">
        <p className="flex items-center gap-2 font-medium text-sm">
          {unsettled ? (
            <ClockIcon className="size-4 text-amber-600" aria-hidden />
          ) : finished ? (
            <CheckCircle2Icon className="size-4 text-emerald-600" aria-hidden />
          ) : (
            <Spinner />
          )}
          <span>
            {title} to{' '}
            <Link to={`/personas/${run.list.id}`} className="text-primary underline-offset-4 hover:underline">
              {run.list.name}
            </Link>
          </span>
        </p>
        {finished && (
          <Button variant="ghost" size="icon-sm" aria-label="Dismiss import progress" onClick={onDismiss}>
            <XIcon aria-hidden />
          </Button>
        )}
      </div>
      {progress?.total ? (
        <ImportProgress
          label={`Import ${run.job?.status}`}
          done={progress.processed}
          total={progress.total}
        />
      ) : (
        <p className="text-muted-foreground text-sm">Import starting...</p>
      )}
      {run.job?.waiting && (!finished || unsettled) && (
        <p className="text-muted-foreground text-sm" data-testid="import-waiting">
          {run.job.waiting}
        </p>
      )}
      {unsettled && (
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <p className="text-muted-foreground">
            The import goes on in the background; its contacts appear in the list as they are added.
          </p>
          <Button variant="outline" size="sm" onClick={onCheckAgain}>
            Check again
          </Button>
        </div>
      )}
      <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm" aria-label="Import counts">
        {(
          [
            ['Added', progress?.added],
            ['Revealed', progress?.revealed],
            ['Skipped', progress?.skipped],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="flex gap-1.5">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="font-medium tabular-nums" data-testid={`import-${label.toLowerCase()}`}>
              {count(value ?? 0)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

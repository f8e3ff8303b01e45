import { skippedContactsMessage } from '@prospector/contracts';
import { UserXIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { SkippedContactsDialog } from './skipped-contacts-dialog';

export interface SkippedContactsSummary {
  sequenceId: string;
  sequenceName: string;
  total: number;
  reasons: { reason: string; contacts: number }[];
}

/**
 * "14 contacts were not enrolled: no value for {{company}}": who a launch without them left out, with
 * "See who" (to edit them) and, away from the sequence's page, a link to it, where they are enrolled.
 */
export function SkippedContactsNotice({
  summary,
  showSequence,
}: {
  summary: SkippedContactsSummary;
  /** Names the sequence and links to it (Email Sending lists every sequence). */
  showSequence?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <section
      aria-label={`Contacts not enrolled in ${summary.sequenceName}`}
      data-testid="skipped-contacts-notice"
      className="flex flex-wrap items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950 text-sm dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      <UserXIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="min-w-0 flex-1 space-y-1">
        {showSequence && <p className="font-semibold">{summary.sequenceName}</p>}
        <ul className="space-y-0.5">
          {summary.reasons.map((reason) => (
            <li key={reason.reason} className="font-medium">
              {skippedContactsMessage(reason)}
            </li>
          ))}
        </ul>
        <p>
          Fill in their values (or add a fallback), then enrol them with "Enrol skipped contacts" on the
          sequence's page.
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Button size="sm" variant="outline" className="bg-background" onClick={() => setOpen(true)}>
          See who
        </Button>
        {showSequence && (
          <Button size="sm" variant="outline" className="bg-background" asChild>
            <Link to={`/sequences/${summary.sequenceId}`}>Open sequence</Link>
          </Button>
        )}
      </div>
      <SkippedContactsDialog
        sequenceId={summary.sequenceId}
        sequenceName={summary.sequenceName}
        open={open}
        onOpenChange={setOpen}
      />
    </section>
  );
}

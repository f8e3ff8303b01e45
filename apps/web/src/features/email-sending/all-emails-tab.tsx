import { DownloadIcon, MailIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { downloadCsv } from '@/lib/csv-file';
import { LaunchSkipNotices } from '../launch-skips/launch-skip-notices';
import { type EmailSendView, isUnsentView, UNSENT_STATUS_OPTIONS } from './email-send-view';
import { EmailSendsFilters } from './email-sends-filters';
import { EmailSendsTable } from './email-sends-table';
import { emailsCsv, emailsCsvFilename } from './emails-csv';
import { SendingPace } from './sending-pace';
import { UnsentSummary } from './unsent-summary';
import { ALL, useEmailSends, useSequenceOptions } from './use-email-sends';

/** The empty state's title when no row matches. */
function emptyTitle(status: EmailSendView, filtered: boolean) {
  if (isUnsentView(status)) {
    const label = UNSENT_STATUS_OPTIONS.find((option) => option.value === status)?.label.toLowerCase();
    return `No ${label} emails`;
  }
  return filtered ? 'No emails match these filters' : 'No emails sent yet';
}

/** All Emails: the filters, Download CSV, the table, and an honest empty state until sequences send. */
export function AllEmailsTab() {
  const [status, setStatus] = useState<EmailSendView>('all');
  const [sequenceId, setSequenceId] = useState(ALL);
  const sends = useEmailSends(status, sequenceId);
  const sequences = useSequenceOptions();
  const rows = sends.data ?? [];
  const filtered = status !== 'all' || sequenceId !== ALL;

  function download() {
    if (rows.length === 0) {
      toast({ title: 'No emails to download' });
      return;
    }
    downloadCsv(emailsCsv(rows), emailsCsvFilename());
  }

  return (
    <section aria-label="All Emails" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <EmailSendsFilters
          status={status}
          onStatus={setStatus}
          sequenceId={sequenceId}
          onSequence={setSequenceId}
          sequences={sequences.data ?? []}
        />
        <Button variant="outline" onClick={download}>
          <DownloadIcon aria-hidden />
          Download CSV
        </Button>
      </div>
      <UnsentSummary onView={setStatus} />
      <LaunchSkipNotices sequenceId={sequenceId === ALL ? undefined : sequenceId} />
      <SendingPace />
      {sends.isPending ? (
        <div role="status" className="flex items-center gap-2 py-10 text-muted-foreground text-sm">
          <Spinner /> Loading emails...
        </div>
      ) : rows.length > 0 ? (
        <EmailSendsTable rows={rows} />
      ) : (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-14 text-center">
          <MailIcon className="size-8 text-muted-foreground" aria-hidden />
          <p className="font-medium">{emptyTitle(status, filtered)}</p>
          <p className="max-w-md text-muted-foreground text-sm">
            {filtered
              ? 'Try another status or sequence.'
              : 'Emails your sequences send appear here with their status: Reply, Clicked, Open, Not Open, Bounced or Unsubscribed.'}
          </p>
        </div>
      )}
    </section>
  );
}

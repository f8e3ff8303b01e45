import type { EmailSendRow, EmailSendStatus } from '@prospector/contracts';
import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { zonedTimeAfterVerb, zonedTimeCell } from '@/lib/zoned-time';
import { useLabels } from '../inbox/inbox-queries';
import { LeadStatusBadge } from '../inbox/lead-status-badge';
import { RecipientTime } from './recipient-time';
import { RetrySendButton } from './retry-send-button';

const STATUS_STYLE: Record<EmailSendStatus, string> = {
  Reply: 'border-transparent bg-emerald-100 text-emerald-800',
  Clicked: 'border-transparent bg-teal-100 text-teal-800',
  Open: 'border-transparent bg-sky-100 text-sky-800',
  'Not Open': 'border-transparent bg-muted text-muted-foreground',
  Scheduled: 'border-transparent bg-violet-100 text-violet-800',
  Waiting: 'border-transparent bg-amber-100 text-amber-900',
  Paused: 'border-transparent bg-slate-200 text-slate-800',
  Failed: 'border-transparent bg-red-100 text-red-800',
  Cancelled: 'border-muted-foreground/30 bg-transparent text-muted-foreground',
  Bounced: 'border-transparent bg-red-100 text-red-800',
  Unsubscribed: 'border-transparent bg-orange-100 text-orange-900',
};

/**
 * When it went out; for an email not sent, when it is expected to go at its mailbox's pace (its own due
 * time underneath when that differs), or when it was due.
 */
function WhenCell({ row }: { row: EmailSendRow }) {
  return (
    <>
      <WhenText row={row} />
      <RecipientTime iso={row.sentAt ?? row.expectedAt ?? row.scheduledFor} zone={row.recipientTimezone} />
    </>
  );
}

function WhenText({ row }: { row: EmailSendRow }) {
  if (row.sentAt) return <>{zonedTimeCell(row.sentAt)}</>;
  if (!row.scheduledFor) return <>-</>;
  const due = zonedTimeAfterVerb(row.scheduledFor);
  if (row.status === 'Failed' || row.status === 'Cancelled') return <span>Was due {due}</span>;
  if (!row.expectedAt) return <span>Due {due}</span>;
  const expected = zonedTimeAfterVerb(row.expectedAt);
  return (
    <span className="grid" title={`Due ${due}`}>
      <span>Expected {expected}</span>
      {expected !== due && <span className="text-xs">Due {due}</span>}
    </span>
  );
}

/** A name or address that may wrap before an address's "@" when narrow, rather than inside a word. */
function BreakableEmail({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at <= 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

/**
 * Recipient, Subject, Sequence, Status and Sent At (spec section 2), with the address each email left from
 * and its A/B variant; unsent emails say why.
 */
export function EmailSendsTable({ rows }: { rows: EmailSendRow[] }) {
  const labels = useLabels().data ?? [];
  return (
    // By its own width (the chat panel can take 400px): when narrow, the sequence goes under the subject.
    <div className="@container rounded-md border">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Recipient</TableHead>
            <TableHead>Subject</TableHead>
            <TableHead className="hidden @3xl:table-cell">Sequence</TableHead>
            <TableHead className="hidden @3xl:table-cell">Variant</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Sent At</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell className="max-w-44 whitespace-normal break-words @3xl:max-w-56">
                <div className="font-medium">
                  <BreakableEmail email={row.contactName} />
                </div>
                <div className="text-muted-foreground text-xs">
                  <BreakableEmail email={row.contactEmail} />
                </div>
              </TableCell>
              <TableCell className="max-w-40 @3xl:max-w-xs">
                <div className="truncate">{row.subject}</div>
                <div className="truncate text-muted-foreground text-xs @3xl:hidden">
                  {row.sequenceName}
                  {row.variantLabel && ` · Variant ${row.variantLabel}`}
                  {row.from && ` · from ${row.from}`}
                </div>
              </TableCell>
              <TableCell className="hidden max-w-56 @3xl:table-cell">
                <div className="truncate">{row.sequenceName}</div>
                {row.from && <div className="truncate text-muted-foreground text-xs">from {row.from}</div>}
              </TableCell>
              <TableCell className="hidden @3xl:table-cell">
                {row.variantLabel ? (
                  <Badge variant="outline" aria-label={`Variant ${row.variantLabel}`}>
                    {row.variantLabel}
                  </Badge>
                ) : (
                  <span className="text-muted-foreground">-</span>
                )}
              </TableCell>
              <TableCell className="max-w-xs">
                <Badge className={cn(STATUS_STYLE[row.status])}>{row.status}</Badge>
                <LeadStatusBadge status={row.leadStatus ?? null} labels={labels} className="ml-1" />
                {row.assistantAnswered && (
                  <Badge variant="outline" className="ml-1">
                    Sent by the assistant
                  </Badge>
                )}
                {row.detail && (
                  <p className="mt-1 whitespace-normal text-muted-foreground text-xs">{row.detail}</p>
                )}
                {row.retryable && <RetrySendButton row={row} />}
              </TableCell>
              <TableCell className="min-w-32 whitespace-normal text-muted-foreground">
                <WhenCell row={row} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

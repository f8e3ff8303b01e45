import type { EmailSendRow, EmailSendStatus } from '@prospector/contracts';
import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';

const STATUS_STYLE: Record<EmailSendStatus, string> = {
  Reply: 'border-transparent bg-emerald-100 text-emerald-800',
  Open: 'border-transparent bg-sky-100 text-sky-800',
  'Not Open': 'border-transparent bg-muted text-muted-foreground',
};

const sentAtFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Recipient, Subject, Sequence, Status and Sent At (spec section 2). */
export function EmailSendsTable({ rows }: { rows: EmailSendRow[] }) {
  return (
    <div className="rounded-md border">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Recipient</TableHead>
            <TableHead>Subject</TableHead>
            <TableHead>Sequence</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Sent At</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell>
                <div className="font-medium">{row.contactName}</div>
                <div className="text-muted-foreground text-xs">{row.contactEmail}</div>
              </TableCell>
              <TableCell className="max-w-xs truncate">{row.subject}</TableCell>
              <TableCell>{row.sequenceName}</TableCell>
              <TableCell>
                <Badge className={cn(STATUS_STYLE[row.status])}>{row.status}</Badge>
              </TableCell>
              <TableCell className="text-muted-foreground">
                {sentAtFormat.format(new Date(row.sentAt))}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

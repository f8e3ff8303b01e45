import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useCan } from '@/features/workspaces/use-workspaces';
import { zonedTimeCell } from '@/lib/zoned-time';
import { useDeliveries, useResendDelivery } from './webhook-queries';

/** An endpoint's attempts, newest first: event, attempt, status, latency, the answer's start, Resend. */
export function DeliveryLog({ endpointId }: { endpointId: string }) {
  const canAdmin = useCan('admin');
  const deliveries = useDeliveries(endpointId, true);
  const resend = useResendDelivery(endpointId);
  if (deliveries.isPending) return <Spinner />;
  if (deliveries.isError) return <p className="text-destructive text-sm">Failed to load the delivery log.</p>;
  if (deliveries.data.length === 0)
    return (
      <p className="text-muted-foreground text-sm">
        No deliveries yet. Send a test event to try the endpoint.
      </p>
    );
  return (
    <Table aria-label="Delivery log">
      <TableHeader>
        <TableRow>
          <TableHead>Event</TableHead>
          <TableHead>Attempt</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Latency</TableHead>
          <TableHead>Response</TableHead>
          <TableHead>Time</TableHead>
          <TableHead className="sr-only">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {deliveries.data.map((d) => {
          const ok = d.statusCode !== null && d.statusCode >= 200 && d.statusCode < 300;
          return (
            <TableRow key={d.id}>
              <TableCell className="font-mono text-xs">{d.eventType}</TableCell>
              <TableCell>{d.attempt}</TableCell>
              <TableCell>
                <Badge variant={ok ? 'default' : 'destructive'}>{d.statusCode ?? 'No answer'}</Badge>
              </TableCell>
              <TableCell className="text-xs">{d.durationMs} ms</TableCell>
              <TableCell
                className="max-w-56 truncate font-mono text-xs"
                title={d.error ?? d.responseSnippet ?? ''}
              >
                {d.error ?? d.responseSnippet ?? ''}
              </TableCell>
              <TableCell className="text-xs">{zonedTimeCell(d.createdAt)}</TableCell>
              <TableCell className="text-right">
                {canAdmin && (
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={resend.isPending}
                    onClick={() => resend.mutate(d.id)}
                  >
                    Resend
                  </Button>
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

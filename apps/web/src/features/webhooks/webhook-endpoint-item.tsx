import type { WebhookEndpointView } from '@prospector/contracts';
import { ChevronDownIcon, ChevronRightIcon } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useCan } from '@/features/workspaces/use-workspaces';
import { zonedTime } from '@/lib/zoned-time';
import { DeliveryLog } from './delivery-log';
import { WebhookDialog } from './webhook-dialog';
import { useDeleteWebhook, useSendTestEvent, useUpdateWebhook, useWebhook } from './webhook-queries';

/** One endpoint: its state, secret (shown on demand), test event, rotate, enable/disable, delete, log. */
export function WebhookEndpointItem({ endpoint }: { endpoint: WebhookEndpointView }) {
  const canAdmin = useCan('admin');
  const [open, setOpen] = useState(false);
  const [confirm, setConfirm] = useState<'rotate' | 'delete' | null>(null);
  const [editing, setEditing] = useState(false);
  // The detail holds the signing secret: only an admin reads it.
  const detail = useWebhook(endpoint.id, open && canAdmin);
  const update = useUpdateWebhook(endpoint.id, (message) => {
    toast({ title: 'Secret rotated', description: message });
    setConfirm(null);
  });
  const remove = useDeleteWebhook(() => setConfirm(null));
  const test = useSendTestEvent(endpoint.id);

  return (
    <li className="rounded-lg border" aria-label={`Webhook ${endpoint.url}`}>
      <div className="flex flex-wrap items-center justify-between gap-2 p-3">
        <button
          type="button"
          className="flex min-w-0 items-center gap-2 text-left"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          {open ? (
            <ChevronDownIcon className="size-4" aria-hidden />
          ) : (
            <ChevronRightIcon className="size-4" aria-hidden />
          )}
          <span className="min-w-0">
            <span className="block truncate font-mono text-sm">{endpoint.url}</span>
            <span className="block text-muted-foreground text-xs">
              {endpoint.description ? `${endpoint.description} · ` : ''}
              {endpoint.eventTypes.length} event types
            </span>
          </span>
        </button>
        <span className="flex flex-wrap items-center gap-2">
          <Badge variant={endpoint.enabled ? 'default' : 'secondary'}>
            {endpoint.enabled ? 'Enabled' : 'Disabled'}
          </Badge>
          {canAdmin && (
            <>
              <Button
                variant="outline"
                size="sm"
                disabled={test.isPending || !endpoint.enabled}
                onClick={() => test.mutate()}
              >
                {test.isPending && <Spinner />}
                Send test event
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={update.isPending}
                onClick={() => update.mutate({ enabled: !endpoint.enabled })}
              >
                {endpoint.enabled ? 'Disable' : 'Enable'}
              </Button>
              <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
                Edit
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setConfirm('delete')}>
                Delete
              </Button>
            </>
          )}
        </span>
      </div>
      {endpoint.disabledReason && (
        <p role="alert" className="mx-3 mb-3 rounded-md bg-destructive/10 p-2 text-destructive text-sm">
          Disabled by Prospector: {endpoint.disabledReason}. Fix the receiver, then enable it again.
        </p>
      )}
      {open && (
        <div className="space-y-4 border-t p-3">
          {canAdmin && (
            <div className="space-y-1">
              <p className="font-medium text-sm">Signing secret</p>
              {detail.data ? (
                <div className="flex flex-wrap items-center gap-2">
                  <Input
                    readOnly
                    value={detail.data.secret}
                    aria-label="Signing secret"
                    className="max-w-md font-mono text-xs"
                    onFocus={(e) => e.currentTarget.select()}
                  />
                  <Button variant="outline" size="sm" onClick={() => setConfirm('rotate')}>
                    Rotate secret
                  </Button>
                  {detail.data.previousSecretExpiresAt && (
                    <span className="text-muted-foreground text-xs">
                      The previous secret still signs until {zonedTime(detail.data.previousSecretExpiresAt)}.
                    </span>
                  )}
                </div>
              ) : (
                <Spinner />
              )}
            </div>
          )}
          <div className="space-y-1">
            <p className="font-medium text-sm">Delivery log</p>
            <DeliveryLog endpointId={endpoint.id} />
          </div>
        </div>
      )}
      <WebhookDialog open={canAdmin && editing} onOpenChange={setEditing} endpoint={endpoint} />
      <ConfirmDialog
        open={confirm === 'rotate'}
        onOpenChange={(next) => !next && setConfirm(null)}
        title="Rotate signing secret?"
        description="A new secret signs every delivery from now on. The current one stays valid for 24 hours, so you can update your receiver."
        confirmLabel="Rotate Secret"
        pending={update.isPending}
        onConfirm={() => update.mutate({ rotateSecret: true })}
      />
      <ConfirmDialog
        open={confirm === 'delete'}
        onOpenChange={(next) => !next && setConfirm(null)}
        title="Delete endpoint?"
        description={
          <>{endpoint.url} receives no more events and its delivery log is deleted. This cannot be undone.</>
        }
        confirmLabel="Delete Endpoint"
        destructive
        pending={remove.isPending}
        onConfirm={() => remove.mutate(endpoint.id)}
      />
    </li>
  );
}

import {
  TEXT_LIMITS,
  WEBHOOK_EVENT_TYPES,
  type WebhookEndpointView,
  type WebhookEventType,
} from '@prospector/contracts';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { EventTypePicker } from './event-type-picker';
import { useCreateWebhook, useUpdateWebhook } from './webhook-queries';

/** Add an endpoint, or edit one (`endpoint`): URL, description and the events it receives. */
export function WebhookDialog({
  open,
  onOpenChange,
  endpoint,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  endpoint?: WebhookEndpointView;
}) {
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [eventTypes, setEventTypes] = useState<WebhookEventType[]>([...WEBHOOK_EVENT_TYPES]);
  useEffect(() => {
    if (!open) return;
    setUrl(endpoint?.url ?? '');
    setDescription(endpoint?.description ?? '');
    setEventTypes(endpoint ? endpoint.eventTypes : [...WEBHOOK_EVENT_TYPES]);
  }, [open, endpoint]);
  const create = useCreateWebhook(() => {
    toast({ title: 'Endpoint added', description: 'Its signing secret is shown on the endpoint.' });
    onOpenChange(false);
  });
  const update = useUpdateWebhook(endpoint?.id ?? '', undefined, () => {
    toast({ title: 'Endpoint saved' });
    onOpenChange(false);
  });
  const saving = create.isPending || update.isPending;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <form
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (endpoint) update.mutate({ url, description, eventTypes });
            else create.mutate({ url, description, eventTypes });
          }}
        >
          <DialogHeader>
            <DialogTitle>{endpoint ? 'Edit webhook endpoint' : 'Add webhook endpoint'}</DialogTitle>
            <DialogDescription>
              Prospector POSTs signed events (Standard Webhooks) to this https:// URL.
            </DialogDescription>
          </DialogHeader>
          <div className="space-y-2">
            <Label htmlFor="webhook-url">URL</Label>
            <Input
              id="webhook-url"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              placeholder="https://example.com/webhooks/prospector"
              maxLength={TEXT_LIMITS.url}
            />
          </div>
          <div className="space-y-2">
            <Label htmlFor="webhook-description">Description</Label>
            <Input
              id="webhook-description"
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              placeholder="CRM sync"
              maxLength={TEXT_LIMITS.endpointDescription}
            />
          </div>
          <EventTypePicker value={eventTypes} onChange={setEventTypes} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving || !url.trim() || eventTypes.length === 0}>
              {saving && <Spinner />}
              {endpoint ? 'Save Endpoint' : 'Add Endpoint'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

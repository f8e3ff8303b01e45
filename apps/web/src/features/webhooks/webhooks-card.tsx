import { PlusIcon, WebhookIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useCan } from '@/features/workspaces/use-workspaces';
import { WebhookDialog } from './webhook-dialog';
import { WebhookEndpointItem } from './webhook-endpoint-item';
import { useWebhooks } from './webhook-queries';

/** Settings, Webhooks: where Prospector sends events, signed to the Standard Webhooks specification. */
export function WebhooksCard() {
  const canAdmin = useCan('admin');
  const endpoints = useWebhooks();
  const [adding, setAdding] = useState(false);
  return (
    <Card aria-label="Webhooks">
      <CardHeader className="flex flex-wrap items-start justify-between gap-2">
        <div className="space-y-1">
          <CardTitle className="flex items-center gap-2">
            <WebhookIcon className="size-4" aria-hidden /> Webhooks
          </CardTitle>
          <CardDescription>
            Hear about sends, opens, replies, bounces and more. Deliveries are signed and retried for about
            three days.
          </CardDescription>
        </div>
        {canAdmin && (
          <Button onClick={() => setAdding(true)}>
            <PlusIcon aria-hidden /> Add endpoint
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {endpoints.isPending ? (
          <Spinner />
        ) : endpoints.isError ? (
          <p className="text-destructive text-sm">Failed to load your webhook endpoints.</p>
        ) : endpoints.data.length === 0 ? (
          <p className="text-muted-foreground text-sm">No endpoints yet. Add one to receive events.</p>
        ) : (
          <ul className="space-y-3">
            {endpoints.data.map((endpoint) => (
              <WebhookEndpointItem key={endpoint.id} endpoint={endpoint} />
            ))}
          </ul>
        )}
      </CardContent>
      <WebhookDialog open={adding} onOpenChange={setAdding} />
    </Card>
  );
}

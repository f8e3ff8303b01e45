import { GlobeIcon } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { ReadOnlyNote } from '@/features/workspaces/role-gate';
import { useCan } from '@/features/workspaces/use-workspaces';
import { AddTrackingDomainForm } from './add-tracking-domain-form';
import { TrackingDomainItem } from './tracking-domain-item';
import { useTrackingDomains } from './tracking-domain-queries';

/** Settings, Tracking domain: the open pixel and unsubscribe links on a domain of the user's own. */
export function TrackingDomainsCard() {
  const canAdmin = useCan('admin');
  const domains = useTrackingDomains();
  return (
    <Card aria-label="Tracking domain">
      <CardHeader className="space-y-1">
        <CardTitle className="flex items-center gap-2">
          <GlobeIcon className="size-4" aria-hidden /> Tracking domain
        </CardTitle>
        <CardDescription>
          Put your emails' open pixel and unsubscribe links on a domain of your own, so they do not share the
          app's address with other senders. Point it with a CNAME record; it is checked daily.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {canAdmin ? <AddTrackingDomainForm /> : <ReadOnlyNote atLeast="admin" />}
        {domains.isPending ? (
          <Spinner />
        ) : domains.isError ? (
          <p className="text-destructive text-sm">Failed to load your tracking domains.</p>
        ) : domains.data.domains.length === 0 ? (
          <p className="text-muted-foreground text-sm">
            No tracking domain yet: your emails' links use the app's own address.
          </p>
        ) : (
          <ul className="space-y-3">
            {domains.data.domains.map((domain) => (
              <TrackingDomainItem key={domain.id} domain={domain} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

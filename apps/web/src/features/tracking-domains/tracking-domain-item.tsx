import type { TrackingDomain } from '@prospector/contracts';
import { CopyIcon } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useCan } from '@/features/workspaces/use-workspaces';
import { zonedTime } from '@/lib/zoned-time';
import { useCheckTrackingDomain, useRemoveTrackingDomain } from './tracking-domain-queries';

const STATUS_LABEL = { pending: 'Not checked yet', verified: 'Verified', failed: 'Failed' } as const;
const STATUS_VARIANT = { pending: 'secondary', verified: 'default', failed: 'destructive' } as const;

function CopyField({ label, value }: { label: string; value: string }) {
  const copy = async () => {
    await navigator.clipboard?.writeText(value).catch(() => undefined);
    toast({ title: 'Copied', description: `${label}: ${value}` });
  };
  return (
    <div className="min-w-0 space-y-1">
      <p className="text-muted-foreground text-xs">{label}</p>
      <div className="flex items-center gap-1">
        <code className="min-w-0 break-all rounded bg-muted px-2 py-1 font-mono text-sm">{value}</code>
        <Button variant="ghost" size="icon" aria-label={`Copy ${label}`} onClick={copy}>
          <CopyIcon aria-hidden />
        </Button>
      </div>
    </div>
  );
}

/** One domain: the CNAME record to create, the last check's result and time, Check now, Remove. */
export function TrackingDomainItem({ domain }: { domain: TrackingDomain }) {
  const canAdmin = useCan('admin');
  const [confirming, setConfirming] = useState(false);
  const check = useCheckTrackingDomain(domain.id);
  const remove = useRemoveTrackingDomain(() => setConfirming(false));

  return (
    <li className="space-y-3 rounded-lg border p-3" aria-label={`Tracking domain ${domain.domain}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate font-medium font-mono text-sm">{domain.domain}</p>
          <p className="text-muted-foreground text-xs">
            {domain.mailboxEmail ? `Used by ${domain.mailboxEmail}` : 'Used by all mailboxes'}
          </p>
        </div>
        <span className="flex flex-wrap items-center gap-2">
          <Badge variant={STATUS_VARIANT[domain.status]}>{STATUS_LABEL[domain.status]}</Badge>
          {canAdmin && (
            <>
              <Button variant="outline" size="sm" disabled={check.isPending} onClick={() => check.mutate()}>
                {check.isPending && <Spinner />}
                Check now
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
                Remove
              </Button>
            </>
          )}
        </span>
      </div>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_auto_minmax(0,2fr)]">
        <CopyField label="Name" value={domain.domain} />
        <CopyField label="Type" value="CNAME" />
        <CopyField label="Value" value={domain.cnameTarget} />
      </div>
      <p role="status" className="text-sm">
        {domain.status === 'verified' && (
          <span>Your emails' links use this domain. Last checked {zonedTime(domain.checkedAt ?? '')}.</span>
        )}
        {domain.status === 'pending' && (
          <span className="text-muted-foreground">
            Create the CNAME record above at your DNS provider, then press Check now. Until it is verified,
            your emails' links use the app's own address.
          </span>
        )}
        {domain.status === 'failed' && (
          <span className="text-destructive">
            {domain.lastError}. Checked {zonedTime(domain.checkedAt ?? '')}.{' '}
            {domain.verifiedAt
              ? "It stopped verifying: your emails' links use the app's own address until it passes again."
              : "Your emails' links use the app's own address until it passes."}
          </span>
        )}
      </p>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(next) => !next && setConfirming(false)}
        title="Remove tracking domain?"
        description={
          <>
            Emails sent from now on use the app's own address for their links. Links in emails already sent
            with {domain.domain} stop working once you remove its CNAME record.
          </>
        }
        confirmLabel="Remove Domain"
        destructive
        pending={remove.isPending}
        onConfirm={() => remove.mutate(domain.id)}
      />
    </li>
  );
}

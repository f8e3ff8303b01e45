import type { SenderHealth, SenderHealthCheck } from '@prospector/contracts';
import { CheckCircle2Icon, CircleHelpIcon, CopyIcon, TriangleAlertIcon, XCircleIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';

const NAMES: Record<SenderHealthCheck['name'], string> = {
  mx: 'Receives mail (MX)',
  spf: 'SPF',
  dkim: 'DKIM',
  dmarc: 'DMARC',
  blocklist: 'Blocklists',
};

const RESULT = {
  pass: { label: 'Passed', icon: CheckCircle2Icon, tone: 'text-emerald-700 dark:text-emerald-400' },
  warn: { label: 'Warning', icon: TriangleAlertIcon, tone: 'text-amber-700 dark:text-amber-400' },
  fail: { label: 'Failed', icon: XCircleIcon, tone: 'text-destructive' },
  unknown: { label: 'Could not check', icon: CircleHelpIcon, tone: 'text-muted-foreground' },
} as const;

function CopyValue({ label, value }: { label: string; value: string }) {
  const copy = async () => {
    await navigator.clipboard?.writeText(value).catch(() => undefined);
    toast({ title: 'Copied', description: `${label}: ${value}` });
  };
  return (
    <div className="min-w-0 space-y-1">
      <p className="text-muted-foreground text-xs">{label}</p>
      <div className="flex items-center gap-1">
        <code className="min-w-0 flex-1 rounded bg-muted px-2 py-1 font-mono text-xs [overflow-wrap:anywhere]">
          {value}
        </code>
        <Button variant="ghost" size="icon" aria-label={`Copy ${label}`} onClick={copy}>
          <CopyIcon aria-hidden />
        </Button>
      </div>
    </div>
  );
}

function CheckItem({ check }: { check: SenderHealthCheck }) {
  const result = RESULT[check.result];
  const Icon = result.icon;
  return (
    <li className="space-y-2 rounded-md border p-3" data-check={check.name} data-result={check.result}>
      <div className="flex items-center gap-2">
        <Icon className={`size-4 shrink-0 ${result.tone}`} aria-hidden />
        <span className="font-medium text-sm">{NAMES[check.name]}</span>
        <span className={`ml-auto text-xs ${result.tone}`}>{result.label}</span>
      </div>
      <p className="text-sm">{check.reason}</p>
      {check.found && (
        <p className="text-muted-foreground text-xs">
          Found: <code className="font-mono [overflow-wrap:anywhere]">{check.found}</code>
        </p>
      )}
      {check.fix && (
        <div className="space-y-2 rounded-md bg-muted/50 p-2">
          <p className="font-medium text-xs">
            {check.found && (check.name === 'spf' || check.name === 'dmarc')
              ? `Replace the record found with this ${check.fix.type} record at your DNS host:`
              : `Add this ${check.fix.type} record at your DNS host:`}
          </p>
          <CopyValue label={`${NAMES[check.name]} record name`} value={check.fix.name} />
          <CopyValue label={`${NAMES[check.name]} record value`} value={check.fix.value} />
        </div>
      )}
    </li>
  );
}

/** Each check of the mailbox's domain: result, the record found, why, and the record to add. */
export function SenderHealthChecks({ health }: { health: SenderHealth }) {
  if (health.checks.length === 0)
    return <p className="text-muted-foreground text-sm">Not checked yet. Press Check again.</p>;
  return (
    <ul className="space-y-2" aria-label="Checks">
      {health.checks.map((check) => (
        <CheckItem key={check.name} check={check} />
      ))}
    </ul>
  );
}

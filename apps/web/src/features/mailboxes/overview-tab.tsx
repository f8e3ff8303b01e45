import type { Mailbox } from '@prospector/contracts';
import { AtSignIcon, CircleCheckIcon, type LucideIcon, MailIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent } from '@/components/ui/card';
import { countOf } from '../../lib/plural';
import { SandboxBadge, StatusBadge } from './account-badges';
import { HealthBadge } from './health-badge';
import { ProviderMark } from './provider-mark';

function Stat({ label, value, icon: Icon }: { label: string; value: number; icon: LucideIcon }) {
  return (
    <Card className="py-4">
      <CardContent className="flex items-center gap-3">
        <span className="flex size-9 items-center justify-center rounded-lg bg-primary/10 text-primary">
          <Icon className="size-4" aria-hidden />
        </span>
        <div>
          <p className="font-semibold text-2xl" data-testid={`stat-${label}`}>
            {value}
          </p>
          <p className="text-muted-foreground text-sm">{label}</p>
        </div>
      </CardContent>
    </Card>
  );
}

/** Counts: connected accounts, active ones (status connected) and all their send-as aliases. */
export function OverviewStats({ accounts }: { accounts: Mailbox[] }) {
  const active = accounts.filter((a) => a.status === 'connected').length;
  const aliases = accounts.reduce((sum, a) => sum + a.aliasOptions.length, 0);
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <Stat label="Connected Accounts" value={accounts.length} icon={MailIcon} />
      <Stat label="Active Accounts" value={active} icon={CircleCheckIcon} />
      <Stat label="Total Aliases" value={aliases} icon={AtSignIcon} />
    </div>
  );
}

/** A one-line summary per mailbox under the counts. */
export function AccountSummary({ accounts }: { accounts: Mailbox[] }) {
  return (
    <Card className="gap-0 py-0">
      <ul className="divide-y" aria-label="Connected accounts summary">
        {accounts.map((account) => (
          <li key={account.id} className="flex flex-wrap items-center gap-2 px-4 py-3 text-sm">
            <ProviderMark mailbox={account} className="size-7 [&_svg]:size-4" />
            <span className="min-w-0 break-all font-medium">{account.email}</span>
            {account.isDefault && <Badge>Default</Badge>}
            <StatusBadge status={account.status} />
            <HealthBadge health={account.health} />
            {account.sandbox && <SandboxBadge />}
            <span className="ml-auto text-muted-foreground text-xs">
              {account.dailyLimit} a day · {countOf(account.aliasOptions.length, 'alias', 'aliases')}
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

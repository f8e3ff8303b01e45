import type { Mailbox } from '@prospector/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useCurrentUser } from '@/features/auth/use-current-user';
import { SandboxBadge } from './account-badges';

/** The Settings tab: which mailbox and address new emails go out from, or how to choose one. */
export function DefaultSenderSettings({ accounts }: { accounts: Mailbox[] }) {
  const { data: user } = useCurrentUser();
  const account = accounts.find((a) => a.isDefault);
  const address = user?.defaultSendAsEmail ?? account?.email;
  const alias = account?.aliasOptions.find((a) => a.sendAsEmail === address);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Default Sender</CardTitle>
        <CardDescription>
          Sequences and test emails go out from this address unless you pick another.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {account ? (
          <div className="flex flex-wrap items-center gap-2" data-testid="default-sender">
            <span className="font-medium">
              {alias?.displayName ? `${alias.displayName} <${address}>` : address}
            </span>
            {address !== account.email && (
              <span className="text-muted-foreground text-sm">via {account.email}</span>
            )}
            {account.sandbox && <SandboxBadge />}
          </div>
        ) : (
          <p className="text-muted-foreground text-sm" data-testid="default-sender-hint">
            No default sender yet. Connect a mailbox, then choose Set as Default on its card.
          </p>
        )}
      </CardContent>
    </Card>
  );
}

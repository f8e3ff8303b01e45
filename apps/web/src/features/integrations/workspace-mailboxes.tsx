import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { useGmailAccounts } from '@/features/mailboxes/mailbox-queries';
import { countOf } from '@/lib/plural';

/**
 * The mailboxes the user connected on the Mailboxes page, so this page and that one tell the same story:
 * sending and reading go through those mailboxes whether or not the Workspace account is connected here.
 */
export function WorkspaceMailboxes() {
  const accounts = useGmailAccounts();
  const list = accounts.data ?? [];
  const connected = list.filter((account) => account.status === 'connected').length;
  return (
    <section aria-labelledby="workspace-mailboxes" className="mt-4 grid gap-2 border-t pt-4">
      <h3 id="workspace-mailboxes" className="font-medium text-sm">
        Mailboxes
      </h3>
      {accounts.isPending ? (
        <p className="text-muted-foreground text-xs">Loading mailboxes…</p>
      ) : list.length === 0 ? (
        <p className="text-muted-foreground text-xs">
          No mailbox is connected yet. Sequences send from the mailboxes connected on the{' '}
          <Link to="/connection/gmail" className="underline">
            Mailboxes
          </Link>{' '}
          page.
        </p>
      ) : (
        <>
          <p className="text-muted-foreground text-xs" data-testid="workspace-mailbox-count">
            {countOf(connected, 'mailbox', 'mailboxes')} connected on the{' '}
            <Link to="/connection/gmail" className="underline">
              Mailboxes
            </Link>{' '}
            page: sequences send from {connected === 1 ? 'it' : 'them'} whether or not Workspace is connected
            here.
          </p>
          <ul className="grid gap-1 text-sm">
            {list.map((account) => (
              <li key={account.id} className="flex flex-wrap items-center gap-2">
                <span className="break-all">{account.email}</span>
                <Badge variant={account.status === 'connected' ? 'default' : 'secondary'}>
                  {account.status === 'connected' ? 'Connected' : 'Needs reconnecting'}
                </Badge>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

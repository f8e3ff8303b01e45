import { ChevronDownIcon, PlusIcon, ServerIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Spinner } from '@/components/ui/spinner';
import { useConnectGmail, useConnectMicrosoft } from './mailbox-queries';
import { GoogleMark, MicrosoftMark } from './provider-mark';
import { SmtpConnectDialog } from './smtp-connect-dialog';

/** "Connect mailbox": Google and Microsoft through their consent pages, any other mailbox by its servers. */
export function ConnectMailboxMenu({
  variant = 'default',
  label = 'Connect mailbox',
}: {
  variant?: 'default' | 'outline';
  label?: string;
}) {
  const google = useConnectGmail();
  const microsoft = useConnectMicrosoft();
  const [smtpOpen, setSmtpOpen] = useState(false);
  const pending = google.isPending || microsoft.isPending;
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant={variant} disabled={pending}>
            {pending ? <Spinner /> : <PlusIcon aria-hidden />}
            {label}
            <ChevronDownIcon aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-60">
          <DropdownMenuItem onSelect={() => google.mutate()}>
            <GoogleMark />
            Google
            <span className="ml-auto text-muted-foreground text-xs">Gmail, Workspace</span>
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => microsoft.mutate()}>
            <MicrosoftMark />
            Microsoft
            <span className="ml-auto text-muted-foreground text-xs">365, Outlook.com</span>
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setSmtpOpen(true)}>
            <ServerIcon aria-hidden />
            Other (SMTP/IMAP)
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <SmtpConnectDialog open={smtpOpen} onOpenChange={setSmtpOpen} />
    </>
  );
}

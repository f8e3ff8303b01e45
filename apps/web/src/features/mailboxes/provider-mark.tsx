import type { Mailbox } from '@prospector/contracts';
import { ServerIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

/** Google's "G", in its four colours. */
export function GoogleMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden className={cn('size-4', className)}>
      <path
        fill="#4285F4"
        d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.21 3.31v2.77h3.57c2.08-1.92 3.28-4.74 3.28-8.09z"
      />
      <path
        fill="#34A853"
        d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23z"
      />
      <path fill="#FBBC05" d="M5.84 14.09a6.6 6.6 0 0 1 0-4.18V7.07H2.18a11 11 0 0 0 0 9.86l3.66-2.84z" />
      <path
        fill="#EA4335"
        d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15A10.55 10.55 0 0 0 12 1 11 11 0 0 0 2.18 7.07l3.66 2.84C6.71 7.31 9.14 5.38 12 5.38z"
      />
    </svg>
  );
}

/** Microsoft's four squares. */
export function MicrosoftMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden className={cn('size-4', className)}>
      <path fill="#F25022" d="M2 2h9.5v9.5H2z" />
      <path fill="#7FBA00" d="M12.5 2H22v9.5h-9.5z" />
      <path fill="#00A4EF" d="M2 12.5h9.5V22H2z" />
      <path fill="#FFB900" d="M12.5 12.5H22V22h-9.5z" />
    </svg>
  );
}

/** Who carries a mailbox's mail, as its users know it. */
export function providerLabel(mailbox: Pick<Mailbox, 'provider' | 'accountKind'>): string {
  if (mailbox.provider === 'smtp') return 'SMTP';
  if (mailbox.provider === 'microsoft')
    return mailbox.accountKind === 'workspace' ? 'Microsoft 365' : 'Outlook.com';
  return mailbox.accountKind === 'workspace' ? 'Google Workspace' : 'Gmail';
}

/** The provider's mark in a round tile, named for screen readers. */
export function ProviderMark({
  mailbox,
  className,
}: {
  mailbox: Pick<Mailbox, 'provider' | 'accountKind'>;
  className?: string;
}) {
  const label = providerLabel(mailbox);
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      className={cn(
        'flex size-10 shrink-0 items-center justify-center rounded-full bg-background ring-1 ring-border',
        className,
      )}
    >
      {mailbox.provider === 'gmail' ? (
        <GoogleMark className="size-5" />
      ) : mailbox.provider === 'microsoft' ? (
        <MicrosoftMark className="size-5" />
      ) : (
        <ServerIcon className="size-5 text-muted-foreground" aria-hidden />
      )}
    </span>
  );
}

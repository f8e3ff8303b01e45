import { LockOpenIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { leadEmail } from './lead-display';

/** The Emails column: the address, an 'Access email' button for a locked one, or 'No email'. */
export function LeadEmailCell({
  email,
  name,
  revealing,
  onReveal,
}: {
  email: string | null;
  name: string;
  revealing: boolean;
  onReveal: () => void;
}) {
  const shown = leadEmail(email);
  if (shown.kind === 'address') return <EmailAddress email={shown.email} />;
  if (shown.kind === 'none') return <span className="text-muted-foreground">No email</span>;
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={revealing}
      onClick={onReveal}
      aria-label={`Access email of ${name}`}
    >
      {revealing ? <Spinner /> : <LockOpenIcon aria-hidden />}
      Access email
    </Button>
  );
}

/**
 * A narrow column breaks an address before its '@' and before the dots of its domain, and inside a part
 * only when that part alone cannot fit.
 */
function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  const domain = at > 0 ? email.slice(at).split(/(?=\.)/) : [];
  return (
    <span className="[overflow-wrap:anywhere]">
      {at > 0 ? email.slice(0, at) : email}
      {domain.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one address never move
        <span key={i}>
          <wbr />
          {part}
        </span>
      ))}
    </span>
  );
}

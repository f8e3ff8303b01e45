import {
  type CreatedInvitation,
  createInvitationSchema,
  INVITABLE_ROLES,
  INVITATION_TTL_DAYS,
} from '@prospector/contracts';
import { CopyIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { serverMessage } from '@/lib/api';
import { useInvite } from './member-queries';
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from './roles';

type InvitableRole = (typeof INVITABLE_ROLES)[number];

function AcceptLink({ invitation, email }: { invitation: CreatedInvitation; email: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(invitation.acceptUrl);
      toast({ title: 'Copied', description: 'The invitation link is on your clipboard.' });
    } catch {
      toast({ title: 'Could not copy', description: 'Select the link and copy it.', variant: 'destructive' });
    }
  };
  return (
    <div className="space-y-2 rounded-md border bg-muted/40 p-3">
      <p className="text-sm">
        We emailed the link to <span className="font-medium">{email}</span>. You can also send it yourself; it
        works once, for {INVITATION_TTL_DAYS} days.
      </p>
      <div className="flex items-center gap-2">
        <Input
          readOnly
          value={invitation.acceptUrl}
          aria-label="Invitation link"
          className="font-mono text-xs"
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button type="button" variant="outline" size="icon" aria-label="Copy invitation link" onClick={copy}>
          <CopyIcon aria-hidden />
        </Button>
      </div>
    </div>
  );
}

/** Invite someone by email with a role; the link is shown after sending so it can be passed on directly. */
export function InviteForm({ workspaceId }: { workspaceId: string }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InvitableRole>('member');
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState<{ invitation: CreatedInvitation; email: string } | null>(null);
  const invite = useInvite(workspaceId);
  const errorId = useId();
  const message =
    problem ?? (invite.error ? serverMessage(invite.error, 'Could not send the invitation') : null);

  return (
    <div className="space-y-4">
      <form
        noValidate
        aria-label="Invite a member"
        className="grid gap-3 sm:grid-cols-[1fr_9rem_auto] sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          const parsed = createInvitationSchema.safeParse({ email, role });
          if (!parsed.success) {
            setProblem(parsed.error.issues[0]?.message ?? 'Invalid email address');
            return;
          }
          setProblem(null);
          invite.mutate(parsed.data, {
            onSuccess: (invitation) => {
              setSent({ invitation, email: parsed.data.email });
              setEmail('');
            },
          });
        }}
      >
        <div className="space-y-2">
          <Label htmlFor="invite-email">Email</Label>
          <Input
            id="invite-email"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            placeholder="colleague@company.com"
            autoComplete="off"
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? errorId : undefined}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="invite-role">Role</Label>
          <Select value={role} onValueChange={(next) => setRole(next as InvitableRole)}>
            <SelectTrigger id="invite-role" className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {INVITABLE_ROLES.map((choice) => (
                <SelectItem key={choice} value={choice}>
                  {ROLE_LABELS[choice]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <Button type="submit" disabled={invite.isPending}>
          {invite.isPending && <Spinner />}
          Send invitation
        </Button>
      </form>
      <p className="text-muted-foreground text-xs">
        {ROLE_LABELS[role]}: {ROLE_DESCRIPTIONS[role].toLowerCase()}.
      </p>
      {message && (
        <p id={errorId} role="alert" className="text-destructive text-sm">
          {message}
        </p>
      )}
      {sent && <AcceptLink invitation={sent.invitation} email={sent.email} />}
    </div>
  );
}

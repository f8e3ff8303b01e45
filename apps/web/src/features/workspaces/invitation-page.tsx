import type { InvitationPreview } from '@prospector/contracts';
import { Link, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { AuthLayout } from '@/features/auth/auth-layout';
import { signInPathReturningTo } from '@/features/auth/auth-paths';
import { useCurrentUser } from '@/features/auth/use-current-user';
import { useLogout } from '@/features/auth/use-logout';
import { errorStatus, serverMessage } from '@/lib/api';
import { useAcceptInvitation, useInvitationPreview } from './invitation-queries';
import { ROLE_LABELS } from './roles';
import { useEnterWorkspace } from './workspace-mutations';

const CLOSED_STATUS_TEXT: Record<Exclude<InvitationPreview['status'], 'pending'>, string> = {
  expired: 'This invitation has expired',
  accepted: 'This invitation has already been used',
  revoked: 'This invitation was revoked',
};

function Frame({
  title,
  description,
  children,
  footer,
}: {
  title: string;
  description?: React.ReactNode;
  children?: React.ReactNode;
  footer?: React.ReactNode;
}) {
  return (
    <AuthLayout>
      <Card className="gap-6">
        <CardHeader className="text-center">
          <CardTitle as="h1" className="text-2xl">
            {title}
          </CardTitle>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        {children && <CardContent className="space-y-4">{children}</CardContent>}
        {footer && <CardFooter className="flex-col gap-2">{footer}</CardFooter>}
      </Card>
    </AuthLayout>
  );
}

const homeLink = (signedIn: boolean) => (
  <Button variant="outline" className="w-full" asChild>
    <Link to={signedIn ? '/' : '/login'}>{signedIn ? 'Go to Prospector' : 'Sign in'}</Link>
  </Button>
);

/**
 * /invitations/:token, signed in or not: who invited the person to which workspace, with which role. Signed
 * out it leads to sign-in or sign-up and back here; signed in it joins the workspace and switches to it.
 */
export default function InvitationPage() {
  const { token = '' } = useParams();
  const { data: user, isLoading: userLoading } = useCurrentUser();
  const preview = useInvitationPreview(token);
  const accept = useAcceptInvitation(token);
  const enter = useEnterWorkspace();
  const here = `/invitations/${token}`;
  const switchAccount = useLogout(signInPathReturningTo('/login', here));
  const signedIn = Boolean(user);

  if (preview.isPending || userLoading) {
    return (
      <AuthLayout>
        <Skeleton role="status" aria-label="Loading the invitation" className="h-72 w-full rounded-xl" />
      </AuthLayout>
    );
  }
  if (preview.isError) {
    const missing = errorStatus(preview.error) === 404;
    return (
      <Frame
        title={missing ? 'Invitation not found' : 'Could not open the invitation'}
        description={
          missing
            ? 'The link is not valid. Check that it was copied whole, or ask for a new invitation.'
            : serverMessage(preview.error, 'Try again in a moment.')
        }
        footer={homeLink(signedIn)}
      />
    );
  }

  const invitation = preview.data;
  if (invitation.status !== 'pending') {
    return (
      <Frame
        title={CLOSED_STATUS_TEXT[invitation.status]}
        description={`Ask ${invitation.invitedByName} for a new invitation to ${invitation.workspaceName}.`}
        footer={homeLink(signedIn)}
      />
    );
  }

  const wrongAccount = user && user.email.toLowerCase() !== invitation.email.toLowerCase();
  const refusal = accept.error ? serverMessage(accept.error, 'Could not join the workspace') : null;
  return (
    <Frame
      title={`Join ${invitation.workspaceName}`}
      description={
        <>
          <span className="font-medium text-foreground">{invitation.invitedByName}</span> invited you to join{' '}
          <span className="font-medium text-foreground">{invitation.workspaceName}</span> as{' '}
          {ROLE_LABELS[invitation.role].toLowerCase()}.
        </>
      }
      footer={
        signedIn ? (
          <>
            <Button
              className="w-full"
              disabled={accept.isPending}
              onClick={() =>
                accept.mutate(undefined, {
                  onSuccess: (workspace) => {
                    enter(workspace);
                    toast({ title: `You joined ${workspace.name}` });
                  },
                })
              }
            >
              {accept.isPending && <Spinner />}
              Join workspace
            </Button>
            {wrongAccount && (
              <Button
                variant="outline"
                className="w-full"
                disabled={switchAccount.isPending}
                onClick={() => switchAccount.mutate()}
              >
                Sign in with another account
              </Button>
            )}
          </>
        ) : (
          <>
            <Button className="w-full" asChild>
              <Link to={signInPathReturningTo('/signup', here)}>Create account</Link>
            </Button>
            <Button variant="outline" className="w-full" asChild>
              <Link to={signInPathReturningTo('/login', here)}>Sign in</Link>
            </Button>
          </>
        )
      }
    >
      <p className="text-center text-muted-foreground text-sm">
        The invitation was sent to <span className="font-medium text-foreground">{invitation.email}</span>.
      </p>
      {wrongAccount && !refusal && (
        <p className="rounded-md border border-amber-500/40 bg-amber-500/10 p-3 text-sm">
          You are signed in as {user.email}. Sign in with {invitation.email} to accept it.
        </p>
      )}
      {refusal && (
        <p
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-destructive text-sm"
        >
          {refusal}
        </p>
      )}
    </Frame>
  );
}

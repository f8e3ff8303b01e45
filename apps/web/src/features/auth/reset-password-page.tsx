import { zodResolver } from '@hookform/resolvers/zod';
import { resetPasswordFormSchema } from '@prospector/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CircleCheckIcon, TriangleAlertIcon } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { apiRequest, serverMessage } from '@/lib/api';
import { AuthLayout } from './auth-layout';
import { PasswordInput } from './password-input';
import { RevokeApiKeysCheckbox } from './revoke-api-keys-checkbox';
import { AUTH_ME_KEY } from './use-current-user';

const REDIRECT_DELAY_MS = 3000;

/** Goes to / after 3 seconds (spec sections 2 and 9). */
function useRedirectHome(active: boolean) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => navigate('/', { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [active, navigate]);
}

function StatusCard({ kind, title, text }: { kind: 'error' | 'success'; title: string; text: string }) {
  const navigate = useNavigate();
  const Icon = kind === 'error' ? TriangleAlertIcon : CircleCheckIcon;
  return (
    <Card>
      <CardHeader className="justify-items-center text-center">
        <span
          className={
            kind === 'error'
              ? 'mb-2 flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive'
              : 'mb-2 flex size-12 items-center justify-center rounded-full bg-emerald-500/10 text-emerald-600'
          }
        >
          <Icon className="size-6" aria-hidden />
        </span>
        <CardTitle as="h1" className="text-2xl">
          {title}
        </CardTitle>
        <CardDescription>{text}</CardDescription>
      </CardHeader>
      <CardFooter>
        <Button className="w-full" onClick={() => navigate('/login')}>
          {kind === 'error' ? 'Back to Login' : 'Go to Login'}
        </Button>
      </CardFooter>
    </Card>
  );
}

function InvalidLink() {
  useEffect(() => {
    toast({ title: 'Invalid Reset Link', description: 'Invalid reset token', variant: 'destructive' });
  }, []);
  useRedirectHome(true);
  return (
    <StatusCard
      kind="error"
      title="Invalid Reset Link"
      text="This password reset link is invalid or incomplete. Taking you back to the start page..."
    />
  );
}

function ResetForm({ token, onDone }: { token: string; onDone: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const [revokeApiKeys, setRevokeApiKeys] = useState(false);
  const reset = useMutation({
    mutationFn: (newPassword: string) =>
      apiRequest('POST', '/api/auth/reset-password', { token, newPassword, revokeApiKeys }),
    onSuccess: () => {
      // A reset ends the account's sessions; look again rather than trust a cached user.
      void queryClient.invalidateQueries({ queryKey: AUTH_ME_KEY });
      toast({
        title: 'Password Reset Successfully!',
        description: 'Your password has been changed. Redirecting to login...',
      });
      onDone();
    },
    onError: (error) => {
      toast({
        title: 'Reset Failed',
        description: serverMessage(error, 'Failed to reset password'),
        variant: 'destructive',
      });
    },
  });

  return (
    <Card>
      <CardHeader className="text-center">
        <CardTitle as="h1" className="text-2xl">
          Reset Your Password
        </CardTitle>
        <CardDescription>Choose a new password of at least 8 characters.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form
            noValidate
            className="grid gap-5"
            onSubmit={form.handleSubmit((values) => reset.mutate(values.newPassword))}
          >
            <FormField
              control={form.control}
              name="newPassword"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>New Password</FormLabel>
                  <FormControl>
                    <PasswordInput autoComplete="new-password" {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="confirmPassword"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Confirm New Password</FormLabel>
                  <FormControl>
                    <PasswordInput autoComplete="new-password" {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <RevokeApiKeysCheckbox checked={revokeApiKeys} onChange={setRevokeApiKeys} />
            <div className="grid gap-2">
              <Button type="submit" className="w-full" disabled={reset.isPending}>
                {reset.isPending && <Spinner />}
                Reset Password
              </Button>
              <Button variant="ghost" className="w-full" onClick={() => navigate('/login')}>
                Back to Login
              </Button>
            </div>
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}

/** /reset-password: reachable signed in or not. No token, token form, success (spec section 4). */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [done, setDone] = useState(false);
  useRedirectHome(done);

  let body: ReactNode;
  if (!token) body = <InvalidLink />;
  else if (done)
    body = (
      <StatusCard
        kind="success"
        title="Password Reset Successful"
        text="Your password has been changed. You can now sign in with your new password. Redirecting..."
      />
    );
  else body = <ResetForm token={token} onDone={() => setDone(true)} />;

  return <AuthLayout>{body}</AuthLayout>;
}

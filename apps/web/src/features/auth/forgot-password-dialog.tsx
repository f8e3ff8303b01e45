import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordSchema, RESET_TOKEN_TTL_MINUTES } from '@prospector/contracts';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { apiRequest, serverMessage } from '@/lib/api';
import { EmailField } from './email-field';

/** The Reset Password dialog: asks the server to mail a reset link (spec sections 2 and 8). */
export function ForgotPasswordDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const form = useForm({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } });
  const send = useMutation({
    mutationFn: (email: string) => apiRequest('POST', '/api/auth/forgot-password', { email }),
    onSuccess: (_res, email) => {
      toast({
        title: 'Reset Link Sent!',
        description: `A password reset link has been sent to ${email}. The link expires in ${RESET_TOKEN_TTL_MINUTES} minutes.`,
      });
      close();
    },
    onError: (error) => {
      toast({
        title: 'Error',
        description: serverMessage(error, 'Failed to send reset email'),
        variant: 'destructive',
      });
    },
  });

  function close() {
    onOpenChange(false);
    form.reset();
  }

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Reset Password</DialogTitle>
          <DialogDescription>
            Enter the email address of your account and we'll send you a link to set a new password.
          </DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form
            noValidate
            className="grid gap-5"
            onSubmit={form.handleSubmit((values) => send.mutate(values.email))}
          >
            <EmailField control={form.control} name="email" />
            <DialogFooter>
              <Button variant="outline" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" disabled={send.isPending}>
                {send.isPending && <Spinner />}
                Send New Password
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

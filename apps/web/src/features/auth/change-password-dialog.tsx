import { zodResolver } from '@hookform/resolvers/zod';
import { type ChangePasswordFormInput, changePasswordFormSchema } from '@prospector/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
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
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { apiRequest, serverMessage } from '@/lib/api';
import { PasswordInput } from './password-input';
import { RevokeApiKeysCheckbox } from './revoke-api-keys-checkbox';

const FIELDS: { name: keyof ChangePasswordFormInput; label: string; autoComplete: string }[] = [
  { name: 'currentPassword', label: 'Current Password', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'New Password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirm New Password', autoComplete: 'new-password' },
];

const EMPTY: ChangePasswordFormInput = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The user menu's Change Password dialog (spec sections 2, 5 and 8). */
export function ChangePasswordDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const form = useForm({ resolver: zodResolver(changePasswordFormSchema), defaultValues: EMPTY });
  const [revokeApiKeys, setRevokeApiKeys] = useState(false);
  const change = useMutation({
    mutationFn: (values: ChangePasswordFormInput) =>
      apiRequest('POST', '/api/auth/change-password', {
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
        revokeApiKeys,
      }),
    onSuccess: () => {
      toast({ title: 'Success', description: 'Password changed successfully' });
      close();
    },
    onError: (error) => {
      toast({
        title: 'Error',
        description: serverMessage(error, 'Failed to change password. Please try again.'),
        variant: 'destructive',
      });
    },
  });

  function close() {
    onOpenChange(false);
    form.reset(EMPTY);
    setRevokeApiKeys(false);
  }

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Change Password</DialogTitle>
          <DialogDescription>Enter your current password, then choose a new one.</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form
            noValidate
            className="grid gap-5"
            onSubmit={form.handleSubmit((values) => change.mutate(values))}
          >
            {FIELDS.map((f) => (
              <FormField
                key={f.name}
                control={form.control}
                name={f.name}
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>{f.label}</FormLabel>
                    <FormControl>
                      <PasswordInput autoComplete={f.autoComplete} {...field} />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
            ))}
            <RevokeApiKeysCheckbox checked={revokeApiKeys} onChange={setRevokeApiKeys} />
            <DialogFooter>
              <Button variant="outline" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" disabled={change.isPending}>
                {change.isPending && <Spinner />}
                Change Password
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

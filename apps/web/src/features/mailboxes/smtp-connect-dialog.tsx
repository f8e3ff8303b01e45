import { zodResolver } from '@hookform/resolvers/zod';
import {
  type ConnectSmtpMailboxInput,
  connectSmtpMailboxSchema,
  type GmailAccount,
} from '@prospector/contracts';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type Control, useForm } from 'react-hook-form';
import type { z } from 'zod';
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
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { PasswordInput } from '@/features/auth/password-input';
import { apiJson, serverMessage } from '@/lib/api';
import { useRefetchMailboxes } from './mailbox-queries';

type FormValues = z.input<typeof connectSmtpMailboxSchema>;

const server = (port: number, security: 'tls' | 'starttls') => ({
  host: '',
  port,
  security,
  username: '',
  password: '',
});
const EMPTY: FormValues = {
  email: '',
  displayName: '',
  smtp: server(587, 'starttls'),
  imap: server(993, 'tls'),
};

/**
 * "Other (SMTP/IMAP)": a mailbox on any server. The app logs in to both before saving; a refusal shows the
 * server's own answer here, with everything typed kept so one field can be fixed. Connecting an address
 * already listed updates it and resumes it.
 */
export function SmtpConnectDialog({
  open,
  onOpenChange,
  email = '',
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The address of a listed SMTP mailbox being connected again. */
  email?: string;
}) {
  const form = useForm<FormValues, unknown, ConnectSmtpMailboxInput>({
    resolver: zodResolver(connectSmtpMailboxSchema),
    defaultValues: EMPTY,
  });
  const [refusal, setRefusal] = useState<string | null>(null);
  const refetch = useRefetchMailboxes();
  const connect = useMutation({
    mutationFn: (input: ConnectSmtpMailboxInput) =>
      apiJson<GmailAccount>('POST', '/api/mailboxes/smtp', input),
    onMutate: () => setRefusal(null),
    onSuccess: async (mailbox) => {
      await refetch();
      toast({ title: 'SMTP Mailbox Connected', description: `${mailbox.email} is connected.` });
      close();
    },
    onError: (error) => setRefusal(serverMessage(error, 'Failed to connect the mailbox. Please try again.')),
  });
  const { reset } = form;
  useEffect(() => {
    if (open) reset({ ...EMPTY, email });
  }, [open, email, reset]);

  function close() {
    setRefusal(null);
    onOpenChange(false);
  }

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Connect an SMTP/IMAP mailbox</DialogTitle>
          <DialogDescription>
            Any mailbox whose provider offers SMTP and IMAP (Zoho, Fastmail, IONOS, your own server). Most
            need an app password rather than your usual one.
          </DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form
            noValidate
            aria-label="SMTP/IMAP mailbox"
            className="grid gap-5"
            onSubmit={form.handleSubmit((values) => connect.mutate(values))}
          >
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField
                control={form.control}
                name="email"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Email address</FormLabel>
                    <FormControl>
                      <Input type="email" autoComplete="off" placeholder="you@yourdomain.com" {...field} />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="displayName"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Display name</FormLabel>
                    <FormControl>
                      <Input placeholder="Optional" {...field} value={field.value ?? ''} />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
            </div>
            <ServerFields control={form.control} name="smtp" title="Sending (SMTP)" />
            <ServerFields control={form.control} name="imap" title="Reading replies (IMAP)" />
            {refusal && (
              <p
                role="alert"
                className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-destructive text-sm"
              >
                {refusal}
              </p>
            )}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" disabled={connect.isPending}>
                {connect.isPending && <Spinner />}
                {connect.isPending ? 'Trying both servers…' : 'Connect Mailbox'}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

/** Host, port, security, username and password of one of the two servers. */
function ServerFields({
  control,
  name,
  title,
}: {
  control: Control<FormValues, unknown, ConnectSmtpMailboxInput>;
  name: 'smtp' | 'imap';
  title: string;
}) {
  return (
    <fieldset className="grid gap-4 rounded-md border p-4 sm:grid-cols-4">
      <legend className="px-1 font-medium text-sm">{title}</legend>
      <FormField
        control={control}
        name={`${name}.host`}
        render={({ field }) => (
          <FormItem className="sm:col-span-2">
            <FormLabel>{name.toUpperCase()} host</FormLabel>
            <FormControl>
              <Input autoComplete="off" placeholder={`${name}.yourprovider.com`} {...field} />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        control={control}
        name={`${name}.port`}
        render={({ field }) => (
          <FormItem>
            <FormLabel>{name.toUpperCase()} port</FormLabel>
            <FormControl>
              <Input
                inputMode="numeric"
                {...field}
                value={String(field.value ?? '')}
                onChange={(event) => field.onChange(event.target.value)}
              />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        control={control}
        name={`${name}.security`}
        render={({ field }) => (
          <FormItem>
            <FormLabel>{name.toUpperCase()} security</FormLabel>
            <Select value={field.value} onValueChange={field.onChange}>
              <FormControl>
                <SelectTrigger className="w-full">
                  <SelectValue />
                </SelectTrigger>
              </FormControl>
              <SelectContent>
                <SelectItem value="tls">TLS</SelectItem>
                <SelectItem value="starttls">STARTTLS</SelectItem>
              </SelectContent>
            </Select>
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        control={control}
        name={`${name}.username`}
        render={({ field }) => (
          <FormItem className="sm:col-span-2">
            <FormLabel>{name.toUpperCase()} username</FormLabel>
            <FormControl>
              <Input autoComplete="off" {...field} />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        control={control}
        name={`${name}.password`}
        render={({ field }) => (
          <FormItem className="sm:col-span-2">
            <FormLabel>{name.toUpperCase()} password</FormLabel>
            <FormControl>
              <PasswordInput autoComplete="new-password" {...field} />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
    </fieldset>
  );
}

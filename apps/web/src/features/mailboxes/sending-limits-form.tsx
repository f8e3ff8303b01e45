import { zodResolver } from '@hookform/resolvers/zod';
import type { Mailbox, MailboxLimitsInput } from '@prospector/contracts';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useCan } from '@/features/workspaces/use-workspaces';
import { apiJson, serverMessage } from '@/lib/api';
import { MailboxAgeLine } from './mailbox-age-line';
import { useRefetchMailboxes } from './mailbox-queries';
import {
  type SendingLimitsFormValues,
  sendingLimitsFormSchema,
  sendingLimitsFormValues,
} from './sending-limits-schema';
import { WarmedUpToggle } from './warmed-up-toggle';

/** Whose maximum a daily limit runs into, as the server says it. */
const PROVIDER_MAXIMUM_OWNER: Record<Mailbox['provider'], string> = {
  gmail: "Gmail's own",
  microsoft: "Microsoft's",
  smtp: 'the SMTP',
};

function useUpdateSendingLimits(account: Mailbox) {
  const refetch = useRefetchMailboxes();
  return useMutation({
    mutationFn: (input: MailboxLimitsInput) =>
      apiJson<Mailbox>('PATCH', `/api/mailboxes/${account.id}`, input),
    onSuccess: async () => {
      await refetch();
      toast({ title: 'Sending Limits Updated', description: `New limits saved for ${account.email}.` });
    },
    onError: (error) =>
      toast({
        title: 'Update Failed',
        description: serverMessage(error, 'Failed to update sending limits'),
        variant: 'destructive',
      }),
  });
}

/**
 * How much and how fast sequences send from one mailbox: a daily limit (at most the ramp-up limit, empty for
 * the default) and a random pause between two emails, drawn between the minimum and maximum gap.
 */
export function SendingLimitsForm({ account }: { account: Mailbox }) {
  const canAdmin = useCan('admin');
  const limits = account.sendingLimits;
  const { rampUpLimit, providerMaximum } = limits;
  const schema = useMemo(
    () => sendingLimitsFormSchema(rampUpLimit, providerMaximum, PROVIDER_MAXIMUM_OWNER[account.provider]),
    [rampUpLimit, providerMaximum, account.provider],
  );
  const form = useForm<SendingLimitsFormValues, unknown, MailboxLimitsInput>({
    resolver: zodResolver(schema),
    defaultValues: sendingLimitsFormValues(limits),
  });
  const { reset } = form;
  const { dailyLimit, minGapSeconds, maxGapSeconds } = limits;
  // Saved values (ours or another tab's) refill the form; a background refetch of the same values does not.
  useEffect(
    () => reset(sendingLimitsFormValues({ dailyLimit, minGapSeconds, maxGapSeconds })),
    [dailyLimit, minGapSeconds, maxGapSeconds, reset],
  );
  const update = useUpdateSendingLimits(account);
  const field = `sending-limits-${account.id}`;

  return (
    <section aria-labelledby={`${field}-title`} className="space-y-2 rounded-md border p-3">
      <div>
        <h3 id={`${field}-title`} className="font-medium text-xs">
          Sending limits
        </h3>
        <p className="text-muted-foreground text-xs">
          Sequence emails from this mailbox stay under the daily limit in any 24 hours, with a random pause
          between two emails so they do not leave in bursts.{' '}
          {limits.warmedUp
            ? `Declared warmed up: this one can send up to ${limits.rampUpLimit.toLocaleString('en-US')} a day.`
            : limits.rampUpLimit >= limits.providerMaximum
              ? `Its age puts it past the ramp-up: it can send up to ${limits.rampUpLimit.toLocaleString('en-US')} a day.`
              : `New mailboxes ramp up: this one can send up to ${limits.rampUpLimit.toLocaleString('en-US')} a day for now, ${PROVIDER_MAXIMUM_OWNER[account.provider]} maximum being ${limits.providerMaximum.toLocaleString('en-US')}.`}
        </p>
        {account.provider === 'gmail' && <MailboxAgeLine account={account} />}
      </div>
      <Form {...form}>
        <form
          noValidate
          aria-label={`Sending limits of ${account.email}`}
          className="grid gap-3 sm:grid-cols-3"
          onSubmit={form.handleSubmit((values) => update.mutate(values))}
        >
          <fieldset disabled={!canAdmin} className="contents">
            <FormField
              control={form.control}
              name="dailyLimit"
              render={({ field: input }) => (
                <FormItem>
                  <FormLabel>Daily limit</FormLabel>
                  <FormControl>
                    <Input inputMode="numeric" placeholder={`Default (${limits.rampUpLimit})`} {...input} />
                  </FormControl>
                  <FormDescription className="text-xs">Empty for the default</FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="minGapSeconds"
              render={({ field: input }) => (
                <FormItem>
                  <FormLabel>Minimum gap</FormLabel>
                  <FormControl>
                    <Input inputMode="numeric" {...input} />
                  </FormControl>
                  <FormDescription className="text-xs">In seconds</FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="maxGapSeconds"
              render={({ field: input }) => (
                <FormItem>
                  <FormLabel>Maximum gap</FormLabel>
                  <FormControl>
                    <Input inputMode="numeric" {...input} />
                  </FormControl>
                  <FormDescription className="text-xs">In seconds</FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
          </fieldset>
          {canAdmin && (
            <div className="sm:col-span-3">
              <Button type="submit" size="sm" variant="outline" disabled={update.isPending}>
                {update.isPending && <Spinner />}
                Save Limits
              </Button>
            </div>
          )}
        </form>
      </Form>
      <WarmedUpToggle account={account} />
    </section>
  );
}

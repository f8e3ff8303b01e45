import { zodResolver } from '@hookform/resolvers/zod';
import type { Sequence, SequenceStep } from '@prospector/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { PauseIcon, PlayIcon, SaveIcon, UserPlusIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { useSkippedContacts } from '../launch-skips/launch-skip-queries';
import { ReadOnlyNote } from '../workspaces/role-gate';
import { useCan } from '../workspaces/use-workspaces';
import { CampaignRuleFields } from './campaign-rule-fields';
import { LaunchDialog } from './launch-dialog';
import { SenderFields } from './sender-fields';
import { SequenceFields } from './sequence-fields';
import {
  type SequenceFormInput,
  type SequenceFormOutput,
  sequenceFormSchema,
  sequenceFormValues,
} from './sequence-form';
import { useLaunchSequence, useUpdateSequence } from './sequence-queries';
import { statusActionFor, useChangeSequenceStatus } from './sequence-status';
import { startsByLaunch } from './start-by-launch';
import { stepsKey } from './step-queries';
import { TrackingFields } from './tracking-fields';

export const NOBODY_ENROLLED =
  'Running, but nobody is enrolled yet: link an email list or add contacts, and they are enrolled automatically.';

/**
 * The configuration card and the save/activate bar. Activate (and, for a launched sequence that does not
 * enrol its lists' new members itself, "Enrol new list members") save unsaved changes first, so what runs
 * is what the form shows.
 */
export function SequenceConfigCard({ sequence, steps }: { sequence: Sequence; steps: SequenceStep[] }) {
  const stepCount = steps.length;
  const canChange = useCan('member');
  const form = useForm<SequenceFormInput, unknown, SequenceFormOutput>({
    resolver: zodResolver(sequenceFormSchema),
    defaultValues: sequenceFormValues(sequence),
  });
  const update = useUpdateSequence(sequence.id);
  // The server applies skip weekends to every step too; their cards show it after a refetch.
  const queryClient = useQueryClient();
  const changeStatus = useChangeSequenceStatus();
  const launch = useLaunchSequence(sequence.id);
  const [confirmLaunch, setConfirmLaunch] = useState(false);
  const action = statusActionFor(sequence.status);
  const activateByLaunch = action === 'activate' && startsByLaunch(sequence);
  // A launched sequence enrols its lists' new members itself, unless told not to: then they are enrolled here.
  const enrolsByHand = Boolean(sequence.launchedAt) && !sequence.autoEnrollNewContacts;
  // Contacts a launch left out for a missing value are enrolled here once the user has filled it in.
  const skipped = useSkippedContacts(sequence.id, Boolean(sequence.launchedAt));
  const enrolsSkipped = Boolean(sequence.launchedAt) && (skipped.data?.total ?? 0) > 0;
  // A refetch (after a status change or an enrolment) must not wipe what the user is typing.
  useEffect(() => {
    form.reset(sequenceFormValues(sequence), { keepDirtyValues: true });
  }, [sequence, form]);

  const busy = update.isPending || changeStatus.isPending || launch.isPending;
  const cannotActivateYet = action === 'activate' && stepCount === 0;
  // Read while rendering, so react-hook-form keeps it up to date.
  const { isDirty } = form.formState;
  const saveThen = (next?: () => void) =>
    form.handleSubmit(async (values) => {
      if (next && !isDirty) return next();
      try {
        await update.mutateAsync(values);
        form.reset(form.getValues());
        void queryClient.invalidateQueries({ queryKey: stepsKey(sequence.id) });
      } catch {
        return; // The mutation's own toast says why.
      }
      next?.();
    });

  return (
    <Card role="region" aria-labelledby="sequence-config-title">
      <CardHeader>
        <CardTitle id="sequence-config-title">Configuration</CardTitle>
        <CardDescription>
          When and from which mailbox this sequence sends. Times are in the sequence's timezone.
        </CardDescription>
      </CardHeader>
      <Form {...form}>
        <form noValidate onSubmit={saveThen()} className="grid gap-6">
          {/* A viewer reads the configuration; a disabled fieldset disables every field inside at once. */}
          <fieldset disabled={!canChange} className="min-w-0">
            <CardContent className="grid gap-4">
              <SequenceFields control={form.control} />
              <SenderFields control={form.control} />
              <CampaignRuleFields control={form.control} />
              <TrackingFields control={form.control} />
            </CardContent>
          </fieldset>
          <CardFooter className="flex flex-wrap gap-2 border-t pt-6">
            <ReadOnlyNote atLeast="member" className="basis-full text-muted-foreground text-xs" />
            {canChange && (
              <>
                <Button type="submit" variant="outline" disabled={busy}>
                  {update.isPending ? <Spinner /> : <SaveIcon />}
                  {sequence.status === 'draft' ? 'Save as Draft' : 'Save Changes'}
                </Button>
                <Button
                  type="button"
                  variant={action === 'pause' ? 'outline' : 'default'}
                  disabled={busy || cannotActivateYet}
                  onClick={saveThen(() =>
                    activateByLaunch
                      ? setConfirmLaunch(true)
                      : changeStatus.mutate({ id: sequence.id, action }),
                  )}
                >
                  {action === 'pause' ? <PauseIcon /> : <PlayIcon />}
                  {action === 'pause' ? 'Pause Sequence' : 'Activate Sequence'}
                </Button>
                {(enrolsByHand || enrolsSkipped) && (
                  <Button
                    type="button"
                    variant="secondary"
                    disabled={busy || stepCount === 0}
                    onClick={saveThen(() => setConfirmLaunch(true))}
                  >
                    {launch.isPending ? <Spinner /> : <UserPlusIcon />}
                    {enrolsByHand ? 'Enrol new list members' : 'Enrol skipped contacts'}
                  </Button>
                )}
              </>
            )}
            {sequence.status === 'running' && sequence.totalContacts === 0 && (
              <p
                className="basis-full text-amber-700 text-xs dark:text-amber-300"
                data-testid="running-empty"
              >
                {NOBODY_ENROLLED}
              </p>
            )}
            {canChange && stepCount === 0 && (
              <p className="basis-full text-muted-foreground text-xs">
                Add a step before activating this sequence.
              </p>
            )}
          </CardFooter>
        </form>
      </Form>
      {/* Mounted while open, so each opening counts the contacts afresh. */}
      {canChange && confirmLaunch && (
        <LaunchDialog
          sequence={sequence}
          open
          onOpenChange={setConfirmLaunch}
          newMembersOnly={Boolean(sequence.launchedAt)}
          pending={launch.isPending}
          onLaunch={(input) => launch.mutate(input, { onSettled: () => setConfirmLaunch(false) })}
        />
      )}
    </Card>
  );
}

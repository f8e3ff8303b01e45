import {
  AI_TONES,
  type AiTone,
  ASSISTANT_LIMITS,
  ASSISTANT_STATUSES,
  type AssistantSettings,
  type AssistantStatus,
} from '@prospector/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { ReadOnlyNote } from '@/features/workspaces/role-gate';
import { useCan } from '@/features/workspaces/use-workspaces';
import { apiJson, serverMessage } from '@/lib/api';

export const ASSISTANT_SETTINGS_KEY = ['/api/settings/assistant'] as const;

const STATUS_LABELS: Record<AssistantStatus, string> = {
  interested: 'Interested',
  meeting_booked: 'Meeting booked',
  question: 'A question',
};
const ABOUT_PLACEHOLDER = [
  'What we offer: …',
  'Proof points: …',
  'Pricing notes: …',
  'Meeting link: https://…',
  'Never say: …',
  'Signature: Your Name | Company',
].join('\n');

function StatusChecks(props: {
  legend: string;
  value: AssistantStatus[];
  onChange: (next: AssistantStatus[]) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <fieldset className="space-y-2" disabled={props.disabled}>
      <legend className="font-medium text-sm">{props.legend}</legend>
      <div className="flex flex-wrap gap-4">
        {ASSISTANT_STATUSES.map((status) => (
          <div key={status} className="flex items-center gap-2">
            <Checkbox
              id={`${id}-${status}`}
              checked={props.value.includes(status)}
              disabled={props.disabled}
              onCheckedChange={(checked) =>
                props.onChange(
                  checked ? [...props.value, status] : props.value.filter((value) => value !== status),
                )
              }
            />
            <Label htmlFor={`${id}-${status}`}>{STATUS_LABELS[status]}</Label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}

/** Settings → Assistant: what the Inbox's answer writer knows, when it drafts and whether it may send. */
export function AssistantSettingsCard() {
  const canAdmin = useCan('admin');
  const queryClient = useQueryClient();
  const settings = useQuery<AssistantSettings>({ queryKey: ASSISTANT_SETTINGS_KEY });
  const [form, setForm] = useState<AssistantSettings | null>(null);
  useEffect(() => {
    if (settings.data) setForm(settings.data);
  }, [settings.data]);
  const save = useMutation({
    mutationFn: (input: AssistantSettings) =>
      apiJson<AssistantSettings>('PUT', '/api/settings/assistant', input),
    onSuccess: (saved) => {
      queryClient.setQueryData(ASSISTANT_SETTINGS_KEY, saved);
      toast({ title: 'Settings Saved', description: 'The assistant settings have been updated.' });
    },
    onError: (failure) =>
      toast({
        title: 'Error',
        description: serverMessage(failure, 'Failed to update settings. Please try again.'),
        variant: 'destructive',
      }),
  });

  if (settings.isError) {
    return (
      <p className="text-destructive text-sm">Failed to load settings. Please try refreshing the page.</p>
    );
  }
  if (!form) return <Spinner />;
  const autoSend = form.autoSend;
  const setAutoSend = (patch: Partial<AssistantSettings['autoSend']>) =>
    setForm({ ...form, autoSend: { ...autoSend, ...patch } });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Answer assistant</CardTitle>
        <CardDescription>
          In the Inbox, "Draft answer" writes a reply from the thread and what you tell it here. It never
          sends on its own unless you allow it below.
        </CardDescription>
      </CardHeader>
      <form
        noValidate
        className="contents"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(form);
        }}
      >
        <fieldset disabled={!canAdmin} className="contents">
          <CardContent className="grid gap-6">
            <div className="grid gap-2">
              <Label htmlFor="assistant-about">About us</Label>
              <Textarea
                id="assistant-about"
                rows={8}
                maxLength={ASSISTANT_LIMITS.about}
                placeholder={ABOUT_PLACEHOLDER}
                value={form.about}
                onChange={(event) => setForm({ ...form, about: event.target.value })}
              />
              <p className="text-muted-foreground text-xs">
                Offer, proof points, pricing notes, a meeting link, a signature ("Signature: …") and things
                never to say. Auto-send refuses drafts with links, prices or addresses that are not here or in
                the thread.
              </p>
            </div>
            <div className="grid max-w-xs gap-2">
              <Label htmlFor="assistant-tone">Tone</Label>
              <Select value={form.tone} onValueChange={(tone) => setForm({ ...form, tone: tone as AiTone })}>
                <SelectTrigger id="assistant-tone" className="w-48">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {AI_TONES.map((tone) => (
                    <SelectItem key={tone} value={tone} className="capitalize">
                      {tone}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <StatusChecks
              legend="Draft automatically when a reply arrives that is"
              value={form.autoDraftStatuses}
              onChange={(autoDraftStatuses) => setForm({ ...form, autoDraftStatuses })}
            />
            <div className="space-y-4 rounded-lg border p-4">
              <div className="flex items-center gap-2">
                <Checkbox
                  id="assistant-auto-send"
                  checked={autoSend.enabled}
                  onCheckedChange={(checked) => setAutoSend({ enabled: checked === true })}
                />
                <Label htmlFor="assistant-auto-send">
                  Send drafts automatically after a delay (off by default)
                </Label>
              </div>
              <StatusChecks
                legend="Send automatically for replies that are"
                value={autoSend.statuses}
                disabled={!autoSend.enabled}
                onChange={(statuses) => setAutoSend({ statuses })}
              />
              <div className="flex flex-wrap gap-4">
                <div className="grid gap-1">
                  <Label htmlFor="assistant-delay">Delay (minutes)</Label>
                  <Input
                    id="assistant-delay"
                    type="number"
                    min={1}
                    max={ASSISTANT_LIMITS.maxDelayMinutes}
                    className="w-32"
                    disabled={!autoSend.enabled}
                    value={autoSend.delayMinutes}
                    onChange={(event) => setAutoSend({ delayMinutes: Number(event.target.value) })}
                  />
                </div>
                <div className="grid gap-1">
                  <Label htmlFor="assistant-cap">Most per day</Label>
                  <Input
                    id="assistant-cap"
                    type="number"
                    min={0}
                    max={ASSISTANT_LIMITS.maxDailyCap}
                    className="w-32"
                    disabled={!autoSend.enabled}
                    value={autoSend.dailyCap}
                    onChange={(event) => setAutoSend({ dailyCap: Number(event.target.value) })}
                  />
                </div>
              </div>
              <p className="text-muted-foreground text-xs">
                Sent between 08:00 and 18:00 on weekdays in the sequence's time zone, within the mailbox's
                limits, and cancellable in the conversation until then. Each is marked "Sent by the
                assistant".
              </p>
            </div>
          </CardContent>
        </fieldset>
        <CardFooter>
          {canAdmin ? (
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save'}
            </Button>
          ) : (
            <ReadOnlyNote atLeast="admin" />
          )}
        </CardFooter>
      </form>
    </Card>
  );
}

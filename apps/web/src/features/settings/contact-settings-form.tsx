import { type ContactSettings, contactSettingsSchema, parseNotOpensInput } from '@prospector/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { ReadOnlyNote } from '@/features/workspaces/role-gate';
import { useCan } from '@/features/workspaces/use-workspaces';
import { apiJson, serverMessage } from '@/lib/api';

export const CONTACT_SETTINGS_KEY = ['/api/settings/contacts'] as const;
/** Spec section 9: contact settings are cached for 5 minutes. */
const CACHE_MS = 5 * 60 * 1000;

/**
 * The Contacts tab: maximum consecutive unopened emails, a whole number 1-50 (default 3), and whether a
 * reply stops the contact in all their sequences (default on, decision 026).
 */
export function ContactSettingsForm() {
  const canAdmin = useCan('admin');
  const queryClient = useQueryClient();
  const settings = useQuery<ContactSettings>({ queryKey: CONTACT_SETTINGS_KEY, staleTime: CACHE_MS });
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [stopAll, setStopAll] = useState(true);
  useEffect(() => {
    if (!settings.data) return;
    setText(String(settings.data.maxContinuousNotOpens));
    setStopAll(settings.data.stopAllSequencesOnReply);
  }, [settings.data]);

  const save = useMutation({
    mutationFn: (input: ContactSettings) => apiJson<ContactSettings>('PUT', '/api/settings/contacts', input),
    onSuccess: (saved) => {
      queryClient.setQueryData(CONTACT_SETTINGS_KEY, saved);
      toast({ title: 'Settings Saved', description: 'Your contact settings have been updated.' });
    },
    onError: (failure) =>
      toast({
        title: 'Error',
        description: serverMessage(failure, 'Failed to update settings. Please try again.'),
        variant: 'destructive',
      }),
  });

  /** Non-numeric input becomes 1; then the spec's checks. */
  function validate(raw: string): ContactSettings | null {
    const value = parseNotOpensInput(raw);
    setText(String(value));
    const parsed = contactSettingsSchema.safeParse({
      maxContinuousNotOpens: value,
      stopAllSequencesOnReply: stopAll,
    });
    setError(parsed.success ? null : (parsed.error.issues[0]?.message ?? null));
    return parsed.success ? parsed.data : null;
  }

  if (settings.isError) {
    return (
      <p className="text-destructive text-sm">Failed to load settings. Please try refreshing the page.</p>
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>Contact Settings</CardTitle>
        <CardDescription>
          When a contact leaves this many emails in a row unopened, they are blacklisted.
        </CardDescription>
      </CardHeader>
      <form
        noValidate
        className="contents"
        onSubmit={(event) => {
          event.preventDefault();
          const input = validate(text);
          if (input) save.mutate(input);
        }}
      >
        <fieldset disabled={!canAdmin} className="contents">
          <CardContent className="grid max-w-sm gap-2">
            <Label htmlFor="max-continuous-not-opens">Maximum consecutive unopened emails</Label>
            {settings.isPending ? (
              <Spinner />
            ) : (
              <Input
                id="max-continuous-not-opens"
                inputMode="numeric"
                value={text}
                aria-invalid={error !== null}
                aria-describedby="max-continuous-not-opens-hint"
                onChange={(event) => {
                  setText(event.target.value);
                  setError(null);
                }}
                onBlur={() => validate(text)}
              />
            )}
            {error ? (
              <p id="max-continuous-not-opens-hint" className="text-destructive text-sm" role="alert">
                {error}
              </p>
            ) : (
              <p id="max-continuous-not-opens-hint" className="text-muted-foreground text-sm">
                A whole number from 1 to 50. The default is 3.
              </p>
            )}
            <div className="mt-4 flex items-start gap-2">
              <input
                id="stop-all-sequences-on-reply"
                type="checkbox"
                className="mt-0.5 size-4 cursor-pointer accent-primary"
                checked={stopAll}
                onChange={(event) => setStopAll(event.target.checked)}
              />
              <Label htmlFor="stop-all-sequences-on-reply" className="font-normal leading-snug">
                A reply stops the contact in every sequence, not only the one answered
              </Label>
            </div>
          </CardContent>
        </fieldset>
        <CardFooter className="mt-6">
          {canAdmin ? (
            <Button type="submit" disabled={settings.isPending || save.isPending}>
              {save.isPending && <Spinner />}
              Save Settings
            </Button>
          ) : (
            <ReadOnlyNote atLeast="admin" />
          )}
        </CardFooter>
      </form>
    </Card>
  );
}

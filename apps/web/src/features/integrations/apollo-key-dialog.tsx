import { zodResolver } from '@hookform/resolvers/zod';
import { type ApolloKeyInput, apolloKeySchema, MAX_APOLLO_KEY_LENGTH } from '@prospector/contracts';
import { EyeIcon, EyeOffIcon } from 'lucide-react';
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
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useSaveApolloKey } from './apollo-queries';

/** The Apollo API key: masked input with show/hide, Cancel and Save API Key. */
export function ApolloKeyDialog({
  open,
  onOpenChange,
  maskedKey,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  maskedKey: string | null;
}) {
  const [visible, setVisible] = useState(false);
  const form = useForm<ApolloKeyInput>({
    resolver: zodResolver(apolloKeySchema),
    defaultValues: { apiKey: '' },
  });
  const close = () => {
    onOpenChange(false);
    setVisible(false);
    form.reset({ apiKey: '' });
  };
  const save = useSaveApolloKey(close, (reason) => form.setError('apiKey', { message: reason }));

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Apollo API Key</DialogTitle>
          <DialogDescription>
            {maskedKey
              ? `Current key: ${maskedKey}. Enter a new key to replace it.`
              : 'Enter the API key from your Apollo account settings.'}
          </DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form
            noValidate
            className="grid gap-5"
            onSubmit={form.handleSubmit((values) => save.mutate(values))}
          >
            <FormField
              control={form.control}
              name="apiKey"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>API Key</FormLabel>
                  <div className="relative">
                    <FormControl>
                      <Input
                        type={visible ? 'text' : 'password'}
                        autoComplete="off"
                        spellCheck={false}
                        placeholder={maskedKey ?? 'Paste your Apollo API key'}
                        maxLength={MAX_APOLLO_KEY_LENGTH}
                        counter={false}
                        className="pr-10"
                        {...field}
                      />
                    </FormControl>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon-sm"
                      className="absolute top-0.5 right-0.5"
                      aria-label={visible ? 'Hide API key' : 'Show API key'}
                      onClick={() => setVisible((v) => !v)}
                    >
                      {visible ? <EyeOffIcon aria-hidden /> : <EyeIcon aria-hidden />}
                    </Button>
                  </div>
                  <FormMessage />
                </FormItem>
              )}
            />
            <DialogFooter>
              <Button variant="outline" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" disabled={save.isPending}>
                {save.isPending && <Spinner />}
                Save API Key
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

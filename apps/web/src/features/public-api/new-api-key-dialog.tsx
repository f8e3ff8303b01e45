import { type ApiKeyCreated, type ApiScope, TEXT_LIMITS } from '@prospector/contracts';
import { CopyIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useCreateApiKey } from './api-key-queries';
import { ScopePicker } from './scope-picker';

/** Create a key (name and scopes), then show it once with a Copy button. */
export function NewApiKeyDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiScope[]>(['contacts:read']);
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const create = useCreateApiKey(setCreated);
  const close = (next: boolean) => {
    if (!next) {
      setName('');
      setScopes(['contacts:read']);
      setCreated(null);
    }
    onOpenChange(next);
  };
  const copy = async () => {
    if (!created) return;
    await navigator.clipboard?.writeText(created.key).catch(() => undefined);
    toast({ title: 'Copied', description: 'The API key is on your clipboard.' });
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="sm:max-w-lg">
        {created ? (
          <>
            <DialogHeader>
              <DialogTitle>API key created</DialogTitle>
              <DialogDescription>
                Copy it now: it is shown only once and cannot be read again.
              </DialogDescription>
            </DialogHeader>
            <div className="flex items-center gap-2">
              <Input
                readOnly
                value={created.key}
                aria-label="New API key"
                className="font-mono text-xs"
                onFocus={(e) => e.currentTarget.select()}
              />
              <Button variant="outline" size="icon" aria-label="Copy API key" onClick={copy}>
                <CopyIcon aria-hidden />
              </Button>
            </div>
            <DialogFooter>
              <Button onClick={() => close(false)}>Done</Button>
            </DialogFooter>
          </>
        ) : (
          <form
            className="space-y-4"
            onSubmit={(event) => {
              event.preventDefault();
              create.mutate({ name, scopes });
            }}
          >
            <DialogHeader>
              <DialogTitle>Create API key</DialogTitle>
              <DialogDescription>
                The key acts as you and sees only your data, within its scopes.
              </DialogDescription>
            </DialogHeader>
            <div className="space-y-2">
              <Label htmlFor="api-key-name">Name</Label>
              <Input
                id="api-key-name"
                value={name}
                onChange={(e) => setName(e.target.value)}
                placeholder="CRM sync"
                maxLength={TEXT_LIMITS.name}
              />
            </div>
            <ScopePicker value={scopes} onChange={setScopes} />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => close(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={create.isPending || !name.trim() || scopes.length === 0}>
                {create.isPending && <Spinner />}
                Create Key
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

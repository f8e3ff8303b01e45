import { type InboxLabel, TEXT_LIMITS } from '@prospector/contracts';
import { useId, useState } from 'react';
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
import { useCreateLabel } from './inbox-queries';

const COLORS = ['#16a34a', '#0284c7', '#7c3aed', '#db2777', '#ea580c', '#475569'];

/** A user-defined lead status: a name and a colour. */
export function NewLabelDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (label: InboxLabel) => void;
}) {
  const [name, setName] = useState('');
  const [color, setColor] = useState(COLORS[0]!);
  const create = useCreateLabel();
  const nameId = useId();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name, color },
      {
        onSuccess: (label) => {
          onCreated(label);
          onOpenChange(false);
          setName('');
        },
      },
    );
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-sm">
        <form onSubmit={submit} className="space-y-4">
          <DialogHeader>
            <DialogTitle>New label</DialogTitle>
            <DialogDescription>A status of your own, with a colour.</DialogDescription>
          </DialogHeader>
          <div className="space-y-2">
            <Label htmlFor={nameId}>Name</Label>
            <Input
              id={nameId}
              value={name}
              maxLength={TEXT_LIMITS.labelName}
              onChange={(e) => setName(e.target.value)}
              required
            />
          </div>
          <fieldset className="space-y-2">
            <legend className="font-medium text-sm">Colour</legend>
            <div className="flex gap-2">
              {COLORS.map((value) => (
                <button
                  key={value}
                  type="button"
                  aria-label={`Colour ${value}`}
                  aria-pressed={color === value}
                  onClick={() => setColor(value)}
                  className="size-7 rounded-full border-2 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-pressed:border-foreground"
                  style={{ backgroundColor: value }}
                />
              ))}
            </div>
          </fieldset>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!name.trim() || create.isPending}>
              Create label
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

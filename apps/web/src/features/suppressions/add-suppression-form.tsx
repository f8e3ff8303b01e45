import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/api';
import { useAddSuppression } from './suppression-queries';

/** One address or a whole domain the user never wants emailed, with an optional note. */
export function AddSuppressionForm() {
  const id = useId();
  const [value, setValue] = useState('');
  const [note, setNote] = useState('');
  const add = useAddSuppression(() => {
    setValue('');
    setNote('');
  });
  const error = add.isError ? serverMessage(add.error, 'Failed to add to the suppression list') : null;

  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        add.mutate({ value, note });
      }}
    >
      <div className="grid min-w-56 flex-1 gap-1">
        <Label htmlFor={`${id}-value`}>Email address or domain</Label>
        <Input
          id={`${id}-value`}
          placeholder="ada@example.com or example.com"
          value={value}
          autoComplete="off"
          onChange={(event) => setValue(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      </div>
      <div className="grid min-w-48 flex-1 gap-1">
        <Label htmlFor={`${id}-note`}>Note (optional)</Label>
        <Input
          id={`${id}-note`}
          placeholder="Asked by phone"
          value={note}
          maxLength={500}
          onChange={(event) => setNote(event.target.value)}
        />
      </div>
      <Button type="submit" disabled={add.isPending}>
        {add.isPending && <Spinner />}
        Suppress
      </Button>
      {error && (
        <p id={`${id}-error`} role="alert" className="w-full text-destructive text-sm">
          {error}
        </p>
      )}
    </form>
  );
}

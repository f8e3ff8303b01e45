import { CUSTOM_FIELD_LIMITS } from '@prospector/contracts';
import { PlusIcon, XIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

interface Row {
  key: string;
  value: string;
}

type Fields = Record<string, string | null> | undefined | null;

const rowsOf = (fields: Fields): Row[] =>
  Object.entries(fields ?? {}).map(([key, value]) => ({ key, value: value ?? '' }));

/**
 * A contact's custom fields, each a template variable ({{icebreaker}}): key and value pairs to edit, add and
 * remove. The server checks keys and limits and names what is wrong (`error`).
 */
export function CustomFieldsEditor({
  value,
  onChange,
  error,
}: {
  value: Fields;
  onChange: (fields: Record<string, string>) => void;
  error?: string;
}) {
  const [rows, setRows] = useState<Row[]>(() => rowsOf(value));
  const id = useId();
  const commit = (next: Row[]) => {
    setRows(next);
    const fields: Record<string, string> = {};
    for (const row of next) if (row.key.trim()) fields[row.key.trim()] = row.value;
    onChange(fields);
  };
  const edit = (index: number, change: Partial<Row>) =>
    commit(rows.map((row, i) => (i === index ? { ...row, ...change } : row)));
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1 font-medium text-sm">Custom fields</legend>
      {rows.length === 0 && (
        <p className="text-muted-foreground text-sm">
          None yet. Each custom field is a variable in your emails, such as {'{{icebreaker}}'}.
        </p>
      )}
      {rows.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a row's key is what the user is typing
        <div key={index} className="flex items-center gap-2">
          <Input
            aria-label={`Custom field ${index + 1} key`}
            placeholder="icebreaker"
            className="w-40 font-mono"
            maxLength={CUSTOM_FIELD_LIMITS.keyLength}
            value={row.key}
            onChange={(event) => edit(index, { key: event.target.value })}
          />
          <Input
            aria-label={`Custom field ${index + 1} value`}
            value={row.value}
            maxLength={CUSTOM_FIELD_LIMITS.valueLength}
            onChange={(event) => edit(index, { value: event.target.value })}
          />
          <Button
            type="button"
            size="icon"
            variant="ghost"
            aria-label={`Remove custom field ${row.key || index + 1}`}
            onClick={() => commit(rows.filter((_, i) => i !== index))}
          >
            <XIcon />
          </Button>
        </div>
      ))}
      {error && (
        <p id={`${id}-error`} className="text-destructive text-sm">
          {error}
        </p>
      )}
      <div>
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={rows.length >= CUSTOM_FIELD_LIMITS.keys}
          onClick={() => setRows([...rows, { key: '', value: '' }])}
        >
          <PlusIcon /> Add custom field
        </Button>
      </div>
    </fieldset>
  );
}

/** The first message of a nested form error (customFields.<key>), for the editor. */
export function firstErrorMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { message } = error as { message?: unknown };
  if (typeof message === 'string' && message) return message;
  for (const value of Object.values(error)) {
    const found = firstErrorMessage(value);
    if (found) return found;
  }
  return undefined;
}

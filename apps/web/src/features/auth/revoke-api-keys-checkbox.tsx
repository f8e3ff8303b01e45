import { useId } from 'react';
import { Checkbox } from '@/components/ui/checkbox';

/** "Also revoke my API keys", offered with a password change or reset (a leaked key outlives the password). */
export function RevokeApiKeysCheckbox({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <label htmlFor={id} className="flex items-start gap-2 text-sm">
      <Checkbox
        id={id}
        className="mt-0.5"
        checked={checked}
        onCheckedChange={(on) => onChange(on === true)}
      />
      <span>
        Also revoke my API keys
        <span className="block text-muted-foreground">Integrations using them stop working at once.</span>
      </span>
    </label>
  );
}

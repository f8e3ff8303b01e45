import { API_SCOPE_ACCESS, API_SCOPE_FAMILIES, API_SCOPE_LABELS, type ApiScope } from '@prospector/contracts';
import { Checkbox } from '@/components/ui/checkbox';

/** Read and write checkboxes per resource family (read only where the API only reads). */
export function ScopePicker({
  value,
  onChange,
}: {
  value: ApiScope[];
  onChange: (scopes: ApiScope[]) => void;
}) {
  const toggle = (scope: ApiScope, on: boolean) =>
    onChange(on ? [...value, scope] : value.filter((s) => s !== scope));
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 font-medium text-sm">Scopes</legend>
      {API_SCOPE_FAMILIES.map((family) => (
        <div
          key={family}
          className="flex items-center justify-between gap-4 rounded-md border px-3 py-2 text-sm"
        >
          <span>{API_SCOPE_LABELS[family]}</span>
          <span className="flex gap-4">
            {(['read', 'write'] as const).map((access) => {
              // A family without this access keeps its column empty, so the checkboxes line up.
              if (!(API_SCOPE_ACCESS[family] as readonly string[]).includes(access))
                return (
                  <span key={access} aria-hidden="true" className="invisible flex items-center gap-1.5">
                    <span className="size-4" />
                    Write
                  </span>
                );
              const scope = `${family}:${access}` as ApiScope;
              const id = `scope-${family}-${access}`;
              return (
                <label key={access} htmlFor={id} className="flex items-center gap-1.5">
                  <Checkbox
                    id={id}
                    checked={value.includes(scope)}
                    onCheckedChange={(on) => toggle(scope, on === true)}
                  />
                  {access === 'read' ? 'Read' : 'Write'}
                </label>
              );
            })}
          </span>
        </div>
      ))}
    </fieldset>
  );
}

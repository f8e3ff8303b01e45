import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@prospector/contracts';
import { Checkbox } from '@/components/ui/checkbox';

/** One checkbox per event type. */
export function EventTypePicker({
  value,
  onChange,
}: {
  value: WebhookEventType[];
  onChange: (types: WebhookEventType[]) => void;
}) {
  return (
    <fieldset>
      <legend className="mb-2 font-medium text-sm">Events</legend>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <label key={type} htmlFor={`event-${type}`} className="flex items-center gap-2 font-mono text-xs">
            <Checkbox
              id={`event-${type}`}
              checked={value.includes(type)}
              onCheckedChange={(on) =>
                onChange(on === true ? [...value, type] : value.filter((t) => t !== type))
              }
            />
            {type}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

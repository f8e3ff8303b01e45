import { useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { SwitchField } from '@/components/switch-field';
import type { SequenceControl } from './sequence-form';

export const TRACKING_DOMAIN_SETTINGS = '/settings?tab=tracking-domain';

const OPENS_OFF =
  'Without it, steps offer no "Opened, no reply" branch, and "Not opened" becomes "No reply": every contact who did not reply takes it.';

/** Whether the sequence's emails carry the open pixel and tracked links. */
export function TrackingFields({ control }: { control: SequenceControl }) {
  const trackOpens = useWatch({ control, name: 'trackOpens' });
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 font-medium text-sm">Tracking</legend>
      <SwitchField
        control={control}
        name="trackOpens"
        label="Track opens"
        hint="Each email carries a tiny invisible image that tells when it is opened."
        warning={trackOpens === false ? OPENS_OFF : null}
      />
      <SwitchField
        control={control}
        name="trackClicks"
        label="Track clicks"
        hint="Links in each email pass through a tracking address, so clicks show in Email Sending and analytics."
      >
        <p className="text-muted-foreground text-xs">
          Rewritten links can hurt deliverability: spam filters distrust links that point to a shared address.
          A{' '}
          <Link
            to={TRACKING_DOMAIN_SETTINGS}
            className="font-medium text-foreground underline underline-offset-2"
          >
            custom tracking domain
          </Link>{' '}
          (Settings, Tracking domain) helps.
        </p>
      </SwitchField>
    </fieldset>
  );
}

import type { LocationType } from '@prospector/contracts';
import { useId } from 'react';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { CriteriaTypeahead } from '../lead-criteria/criteria-typeahead';

const asChips = (values: string[]) => values.map((name) => ({ id: null, name }));

/** Location: the Contact or Account HQ tab says whose location the chips are. */
export function LocationFilter({
  locations,
  locationType,
  onChange,
}: {
  locations: string[];
  locationType: LocationType;
  onChange: (patch: { locations?: string[]; locationType?: LocationType }) => void;
}) {
  // The tabs have no panel of their own: each controls the location field below them.
  const field = useId();
  return (
    <div className="grid gap-2">
      <Tabs value={locationType} onValueChange={(value) => onChange({ locationType: value as LocationType })}>
        <TabsList aria-label="Location type" className="w-full">
          <TabsTrigger value="contact" aria-controls={field}>
            Contact
          </TabsTrigger>
          <TabsTrigger value="account" aria-controls={field}>
            Account HQ
          </TabsTrigger>
        </TabsList>
      </Tabs>
      <div id={field}>
        <CriteriaTypeahead
          label="Location"
          filterType="location"
          placeholder={
            locationType === 'contact' ? "Contact's city or country..." : 'Company HQ city or country...'
          }
          chips={asChips(locations)}
          onChange={(chips) => onChange({ locations: chips.map((chip) => chip.name) })}
        />
      </div>
    </div>
  );
}

import type { LocationType } from '@prospector/contracts';
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
  return (
    <div className="grid gap-2">
      <Tabs value={locationType} onValueChange={(value) => onChange({ locationType: value as LocationType })}>
        <TabsList aria-label="Location type" className="w-full">
          <TabsTrigger value="contact">Contact</TabsTrigger>
          <TabsTrigger value="account">Account HQ</TabsTrigger>
        </TabsList>
      </Tabs>
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
  );
}

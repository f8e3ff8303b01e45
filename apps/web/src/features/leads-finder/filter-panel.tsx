import { FilterIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Separator } from '@/components/ui/separator';
import { CriteriaTypeahead } from '../lead-criteria/criteria-typeahead';
import { EmployeeFilter } from './employee-filter';
import { countFilters, type LeadFilterValues } from './lead-filters';
import { LocationFilter } from './location-filter';

const asChips = (values: string[]) => values.map((name) => ({ id: null, name }));
/** Between sections in the narrow column; a wide panel (above the results) lays them out in two columns. */
const divider = <Separator className="@lg/panel:hidden" />;

/** The filter panel: Job Title, Location, Industry & Keywords, Employees, Apply Filters and Clear All. */
export function FilterPanel({
  values,
  onChange,
  onApply,
  onClear,
}: {
  values: LeadFilterValues;
  onChange: (patch: Partial<LeadFilterValues>) => void;
  onApply: () => void;
  onClear: () => void;
}) {
  const set = countFilters(values);
  return (
    <aside
      aria-label="Filters"
      className="@container/panel grid content-start gap-5 rounded-xl border bg-card p-4 shadow-sm"
    >
      <h2 className="flex items-center gap-2 font-semibold">
        <FilterIcon className="size-4" aria-hidden /> Filters
        {set > 0 && (
          <Badge variant="secondary" aria-label={`${set} filter values set`}>
            {set}
          </Badge>
        )}
      </h2>
      <div className="grid @lg/panel:grid-cols-2 @lg/panel:items-start gap-5 @lg/panel:gap-x-8">
        <CriteriaTypeahead
          label="Job Title"
          filterType="person_title"
          placeholder="e.g. Sales Manager"
          chips={asChips(values.personTitles)}
          onChange={(chips) => onChange({ personTitles: chips.map((chip) => chip.name) })}
        />
        {divider}
        <LocationFilter locations={values.locations} locationType={values.locationType} onChange={onChange} />
        {divider}
        <CriteriaTypeahead
          label="Industry & Keywords"
          filterType="industry"
          placeholder="e.g. Computer Software"
          chips={values.industries}
          onChange={(industries) => onChange({ industries })}
        />
        {divider}
        <EmployeeFilter
          value={values.employeeCounts}
          onChange={(employeeCounts) => onChange({ employeeCounts })}
        />
      </div>
      <div className="grid @lg/panel:flex gap-2 pt-1">
        <Button onClick={onApply}>Apply Filters</Button>
        <Button variant="outline" onClick={onClear}>
          Clear All
        </Button>
      </div>
    </aside>
  );
}

import type { EmployeeRange, LeadFiltersInput, LocationType } from '@prospector/contracts';
import type { IndustryChip } from '../lead-criteria/criteria-typeahead';

/** The filter panel's values: chips for titles, locations and industries (a listed industry has an id). */
export interface LeadFilterValues {
  personTitles: string[];
  locations: string[];
  locationType: LocationType;
  industries: IndustryChip[];
  employeeCounts: EmployeeRange[];
}

export const emptyLeadFilters: LeadFilterValues = {
  personTitles: [],
  locations: [],
  locationType: 'contact',
  industries: [],
  employeeCounts: [],
};

/**
 * The search request for these filters: industries picked from the list go by id, custom ones ('Use custom')
 * by name; employee ranges keep the panel's order.
 */
export function toLeadSearchFilters(values: LeadFilterValues): LeadFiltersInput {
  return {
    personTitles: values.personTitles,
    locations: values.locations,
    locationType: values.locationType,
    industries: values.industries.flatMap((chip) => (chip.id ? [chip.id] : [])),
    industryNames: values.industries.flatMap((chip) => (chip.id ? [] : [chip.name])),
    employeeCounts: values.employeeCounts,
  };
}

/** Ticks or unticks an employee range, keeping the spec's order of ranges. */
export function toggleEmployeeRange(
  ranges: readonly EmployeeRange[],
  all: readonly EmployeeRange[],
  range: EmployeeRange,
): EmployeeRange[] {
  const next = new Set(ranges);
  if (next.has(range)) next.delete(range);
  else next.add(range);
  return all.filter((value) => next.has(value));
}

/** How many filter values are set (shown next to Apply Filters). */
export function countFilters(values: LeadFilterValues): number {
  return (
    values.personTitles.length +
    values.locations.length +
    values.industries.length +
    values.employeeCounts.length
  );
}

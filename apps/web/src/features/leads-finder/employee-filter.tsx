import { EMPLOYEE_RANGES, type EmployeeRange } from '@prospector/contracts';
import { CheckboxOption } from '../lead-criteria/checkbox-option';
import { toggleEmployeeRange } from './lead-filters';

/** Employees: one checkbox per range of the spec (eleven). */
export function EmployeeFilter({
  value,
  onChange,
}: {
  value: EmployeeRange[];
  onChange: (ranges: EmployeeRange[]) => void;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 font-medium text-sm">Employees</legend>
      <div className="grid grid-cols-2 gap-2 whitespace-nowrap">
        {EMPLOYEE_RANGES.map((range) => (
          <CheckboxOption
            key={range}
            checked={value.includes(range)}
            onCheckedChange={() => onChange(toggleEmployeeRange(value, EMPLOYEE_RANGES, range))}
          >
            {range}
          </CheckboxOption>
        ))}
      </div>
    </fieldset>
  );
}

import type { SandboxRequest } from '../google/http';
import type { PeopleFilters } from './people-search';

/** A 422 with Apollo's error body. */
export class InvalidParams extends Error {}

/** Apollo takes parameters in the JSON body or the query string; the body wins. */
export function params(request: SandboxRequest): Record<string, unknown> {
  const body =
    request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
  return { ...request.query, ...body };
}

export function stringList(value: unknown, name: string): string[] {
  if (value === undefined || value === null) return [];
  const list = Array.isArray(value) ? value : [value];
  if (!list.every((item) => typeof item === 'string'))
    throw new InvalidParams(`${name} must be a list of strings`);
  return (list as string[]).map((item) => item.trim()).filter(Boolean);
}

export function integer(value: unknown, name: string, fallback: number, min: number, max: number): number {
  if (value === undefined || value === null || value === '') return fallback;
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isInteger(number) || number < min || number > max) {
    throw new InvalidParams(`${name} must be a whole number between ${min} and ${max}`);
  }
  return number;
}

/** `"11,20"` (both ends inclusive; an empty upper end means no limit). */
function employeeRange(text: string): [number, number] {
  const match = /^\s*(\d+)\s*,\s*(\d*)\s*$/.exec(text);
  if (!match) throw new InvalidParams(`Invalid organization_num_employees_ranges value: ${text}`);
  const min = Number(match[1]);
  const max = match[2] ? Number(match[2]) : Number.POSITIVE_INFINITY;
  if (max < min) throw new InvalidParams(`Invalid organization_num_employees_ranges value: ${text}`);
  return [min, max];
}

export function peopleFilters(input: Record<string, unknown>): PeopleFilters {
  return {
    person_titles: stringList(input.person_titles, 'person_titles'),
    include_similar_titles:
      input.include_similar_titles !== false && input.include_similar_titles !== 'false',
    person_locations: stringList(input.person_locations, 'person_locations'),
    organization_locations: stringList(input.organization_locations, 'organization_locations'),
    q_keywords: stringList(input.q_keywords, 'q_keywords'),
    organization_num_employees_ranges: stringList(
      input.organization_num_employees_ranges,
      'organization_num_employees_ranges',
    ).map(employeeRange),
  };
}

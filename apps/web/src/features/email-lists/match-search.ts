import type { Persona } from '@prospector/contracts';

/** Spec section 9: client-side search over name, industry, jobTitle, location and description. */
export function matchesSearch(persona: Persona, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [persona.name, persona.industry, persona.jobTitle, persona.location, persona.description ?? ''].some(
    (value) => value.toLowerCase().includes(needle),
  );
}

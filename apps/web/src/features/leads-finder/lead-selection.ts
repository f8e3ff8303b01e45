import type { Lead } from '@prospector/contracts';

export type LeadSelection = ReadonlyMap<string, Lead>;

/** Ticks or unticks one lead. */
export function toggleLead(selection: LeadSelection, lead: Lead): LeadSelection {
  const next = new Map(selection);
  if (next.has(lead.id)) next.delete(lead.id);
  else next.set(lead.id, lead);
  return next;
}

/** Select-page: ticks every lead of the page, or unticks them all when all are ticked already. */
export function togglePageLeads(selection: LeadSelection, page: Lead[]): LeadSelection {
  const next = new Map(selection);
  const allTicked = page.length > 0 && page.every((lead) => next.has(lead.id));
  for (const lead of page) {
    if (allTicked) next.delete(lead.id);
    else next.set(lead.id, lead);
  }
  return next;
}

import type { Lead } from '@prospector/contracts';
import { useState } from 'react';
import { type LeadSelection, toggleLead, togglePageLeads } from './lead-selection';

/** Selected leads by id, kept across pages until cleared. */
export function useLeadSelection() {
  const [selected, setSelected] = useState<LeadSelection>(new Map());
  return {
    selected,
    toggle: (lead: Lead) => setSelected((current) => toggleLead(current, lead)),
    togglePage: (page: Lead[]) => setSelected((current) => togglePageLeads(current, page)),
    clear: () => setSelected(new Map()),
  };
}

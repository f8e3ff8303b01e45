import type { Lead } from '@prospector/contracts';
import { describe, expect, it } from 'vitest';
import { toggleLead, togglePageLeads } from './lead-selection';

const lead = (id: string) => ({ id, apolloId: id, name: `Lead ${id}` }) as Lead;
const ids = (selection: ReadonlyMap<string, Lead>) => [...selection.keys()];

describe('lead selection', () => {
  it('ticks and unticks one lead', () => {
    const one = toggleLead(new Map(), lead('a'));
    expect(ids(one)).toEqual(['a']);
    expect(ids(toggleLead(one, lead('a')))).toEqual([]);
  });

  it('selects a whole page, keeping leads picked on other pages', () => {
    const elsewhere = toggleLead(new Map(), lead('x'));
    const page = [lead('a'), lead('b'), lead('c')];
    const partly = toggleLead(elsewhere, lead('b'));
    const all = togglePageLeads(partly, page);
    expect(ids(all).sort()).toEqual(['a', 'b', 'c', 'x']);
    expect(ids(togglePageLeads(all, page))).toEqual(['x']);
    expect(ids(togglePageLeads(elsewhere, []))).toEqual(['x']);
  });
});

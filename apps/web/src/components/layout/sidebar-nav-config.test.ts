import { describe, expect, it } from 'vitest';
import { DEFAULT_OPEN_GROUPS, isForcedCollapsedPath, isItemActive, NAV_GROUPS } from './sidebar-nav-config';

const item = (label: string) => {
  for (const group of NAV_GROUPS) {
    if (group.kind === 'group') {
      const found = group.items.find((i) => i.label === label);
      if (found) return found;
    }
  }
  throw new Error(`no item ${label}`);
};

describe('sidebar nav config', () => {
  it('has the spec groups in order, with exact labels and links', () => {
    expect(NAV_GROUPS.map((g) => g.label)).toEqual([
      'CONTACTS HUB',
      'CAMPAIGN BUILDER',
      'REPORTS',
      'EMAIL CONNECTIONS',
      'INTEGRATIONS',
      'ACTIVITY',
      'SETTINGS',
    ]);
    const links = NAV_GROUPS.flatMap((g) =>
      g.kind === 'group'
        ? g.items.map((i) => [i.label, i.href])
        : g.kind === 'link'
          ? [[g.label, g.item.href]]
          : [],
    );
    expect(links).toEqual([
      ['Leads Finder', '/contacts-hub/leads-finder'],
      ['Email Lists', '/personas'],
      ['Sequences', '/sequences'],
      ['Workflows', '/workflows'],
      ['Email Sending', '/campaign-builder/email-sending'],
      ['Inbox', '/campaign-builder/replies'],
      ['Gsuite', '/connection/gmail'],
      ['INTEGRATIONS', '/integrations'],
      ['ACTIVITY', '/activity'],
      ['SETTINGS', '/settings'],
    ]);
    expect(NAV_GROUPS.find((g) => g.label === 'REPORTS')?.kind).toBe('coming-soon');
    expect(DEFAULT_OPEN_GROUPS).toEqual(['email-connections']);
  });

  it('highlights Sequences at /sequences, below it and at /', () => {
    const sequences = item('Sequences');
    expect(isItemActive(sequences, '/')).toBe(true);
    expect(isItemActive(sequences, '/sequences')).toBe(true);
    expect(isItemActive(sequences, '/sequences/42')).toBe(true);
    expect(isItemActive(sequences, '/sequencesx')).toBe(false);
    expect(isItemActive(item('Email Lists'), '/')).toBe(false);
    expect(isItemActive(item('Email Lists'), '/personas/7')).toBe(true);
  });

  it('forces the sidebar collapsed on /campaigns/<something> only', () => {
    expect(isForcedCollapsedPath('/campaigns/abc')).toBe(true);
    expect(isForcedCollapsedPath('/campaigns/abc/edit')).toBe(true);
    expect(isForcedCollapsedPath('/campaigns')).toBe(false);
    expect(isForcedCollapsedPath('/campaigns/')).toBe(false);
    expect(isForcedCollapsedPath('/sequences')).toBe(false);
  });
});

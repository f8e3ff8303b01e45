import { describe, expect, it } from 'vitest';
import { reactionBranches, reactionLabel } from './reaction-branches';

const shown = (branchOnClick: boolean, trackOpens: boolean) =>
  reactionBranches({ branchOnClick }, trackOpens).map(({ reaction, label, stepField, waitField }) => ({
    reaction,
    label,
    stepField,
    waitField,
  }));

describe('reactionBranches', () => {
  it('offers the three outcomes of a send when the sequence tracks opens', () => {
    expect(shown(false, true)).toEqual([
      {
        reaction: 'not_opened',
        label: 'Not opened',
        stepField: 'notOpenedStepId',
        waitField: 'notOpenedWaitDays',
      },
      {
        reaction: 'opened_no_reply',
        label: 'Opened, no reply',
        stepField: 'openedNoReplyStepId',
        waitField: 'openedNoReplyWaitDays',
      },
      { reaction: 'replied', label: 'Replied', stepField: 'repliedStepId', waitField: 'repliedWaitDays' },
    ]);
  });

  it('adds the clicked branch before Replied when the step branches on click', () => {
    expect(shown(true, true).map((b) => b.label)).toEqual([
      'Not opened',
      'Opened, no reply',
      'Clicked (no reply)',
      'Replied',
    ]);
    expect(shown(true, true)[2]).toMatchObject({ stepField: 'clickedStepId', waitField: 'clickedWaitDays' });
  });

  it('drops the opened branch and calls the not-opened one "No reply" without open tracking', () => {
    expect(shown(false, false).map((b) => [b.reaction, b.label])).toEqual([
      ['not_opened', 'No reply'],
      ['replied', 'Replied'],
    ]);
    expect(shown(true, false).map((b) => b.label)).toEqual(['No reply', 'Clicked (no reply)', 'Replied']);
  });
});

describe('reactionLabel', () => {
  it('renames only the not-opened branch when opens are not tracked', () => {
    expect(reactionLabel('not_opened', true)).toBe('Not opened');
    expect(reactionLabel('not_opened', false)).toBe('No reply');
    expect(reactionLabel('clicked', false)).toBe('Clicked (no reply)');
    expect(reactionLabel('replied', false)).toBe('Replied');
  });
});

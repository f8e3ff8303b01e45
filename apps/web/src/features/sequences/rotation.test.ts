import type { Sender } from '@prospector/contracts';
import { describe, expect, it } from 'vitest';
import { rotationOffer, rotationWith } from './rotation';

const mailbox = (accountId: string, isDefault = false): Sender => ({
  accountId,
  email: `${accountId}@example.com`,
  displayName: null,
  accountEmail: `${accountId}@example.com`,
  isDefault,
  sandbox: false,
});

describe('rotationOffer', () => {
  it('offers "Also send from" with the default sender chosen, around the default mailbox', () => {
    const mailboxes = [mailbox('a'), mailbox('b', true), mailbox('c')];
    expect(rotationOffer(null, mailboxes)).toEqual({ kind: 'rotation', primary: 'b', pinsDefault: true });
    expect(rotationOffer('c', mailboxes)).toEqual({ kind: 'rotation', primary: 'c', pinsDefault: false });
  });

  it('offers to connect another mailbox when there is one, nothing without any', () => {
    expect(rotationOffer(null, [mailbox('a', true)])).toEqual({ kind: 'connect-another' });
    expect(rotationOffer(null, [])).toEqual({ kind: 'none' });
  });

  it('saves the sender first, then the others, once each', () => {
    expect(rotationWith('b', ['a', 'b', 'a', 'c'])).toEqual(['b', 'a', 'c']);
    expect(rotationWith(null, ['a'])).toEqual([]);
  });
});

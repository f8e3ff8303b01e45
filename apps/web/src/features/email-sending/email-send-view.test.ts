import { describe, expect, it } from 'vitest';
import { emailSendsParams, isUnsentView } from './email-send-view';

describe('the Status menu', () => {
  it("sends the spec's filter as status, as before", () => {
    expect(emailSendsParams('all', null).toString()).toBe('');
    expect(emailSendsParams('not_open', null).toString()).toBe('status=not_open');
    expect(emailSendsParams('reply', 'abc').toString()).toBe('status=reply&sequenceId=abc');
    expect(emailSendsParams('clicked', null).toString()).toBe('status=clicked');
  });

  it('sends the states of unsent emails as state', () => {
    expect(emailSendsParams('waiting', null).toString()).toBe('state=waiting');
    expect(emailSendsParams('failed', 'abc').toString()).toBe('state=failed&sequenceId=abc');
    expect(isUnsentView('cancelled')).toBe(true);
    expect(isUnsentView('open')).toBe(false);
  });
});

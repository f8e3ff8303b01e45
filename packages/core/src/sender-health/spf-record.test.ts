import { describe, expect, it } from 'vitest';
import { allQualifier, correctedSpf, hasMechanism, isSpfRecord, mergedSpf, spfTerms } from './spf-record';

describe('SPF record text', () => {
  it('tells SPF records from other TXT records', () => {
    expect(isSpfRecord('v=spf1 -all')).toBe(true);
    expect(isSpfRecord('V=SPF1 include:_spf.google.com ~all')).toBe(true);
    expect(isSpfRecord('v=spf10 -all')).toBe(false);
    expect(isSpfRecord('google-site-verification=abc')).toBe(false);
  });

  it('reads the ending and the mechanisms named', () => {
    expect(allQualifier(spfTerms('v=spf1 mx -all'))).toBe('-');
    expect(allQualifier(spfTerms('v=spf1 mx all'))).toBe('+');
    expect(allQualifier(spfTerms('v=spf1 mx'))).toBeNull();
    expect(hasMechanism(spfTerms('v=spf1 +include:_SPF.google.com ~all'), 'include:_spf.google.com')).toBe(
      true,
    );
  });

  it('adds a mechanism before the ending, keeps modifiers, and leaves a redirect its ending', () => {
    expect(correctedSpf(spfTerms('v=spf1 mx ?all exp=why.acme.test'), 'ip4:192.0.2.7')).toBe(
      'v=spf1 mx ip4:192.0.2.7 ~all exp=why.acme.test',
    );
    expect(correctedSpf(spfTerms('v=spf1 mx redirect=_spf.acme.test'), 'include:_spf.google.com')).toBe(
      'v=spf1 mx include:_spf.google.com redirect=_spf.acme.test',
    );
    expect(correctedSpf(spfTerms('v=spf1 include:_spf.google.com -all'), 'include:_spf.google.com')).toBe(
      'v=spf1 include:_spf.google.com ~all',
    );
  });

  it('merges several records, each mechanism once', () => {
    expect(mergedSpf(['v=spf1 mx -all', 'v=spf1 MX a ~all'], null)).toBe('v=spf1 mx a ~all');
  });
});

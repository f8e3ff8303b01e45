import { describe, expect, it } from 'vitest';
import type { HealthCheck, HealthResult } from './health-report';
import { overallStatus, worstResult } from './health-results';

const checks = (...results: HealthResult[]): HealthCheck[] =>
  results.map((result, i) => ({
    name: (['mx', 'spf', 'dkim', 'dmarc', 'blocklist'] as const)[i]!,
    result,
    found: null,
    reason: '',
    fix: null,
  }));

describe('the status of a mailbox', () => {
  it('is failing on any failure, at risk on any warning, unknown on any unchecked, else good', () => {
    expect(overallStatus(checks('pass', 'warn', 'fail', 'unknown', 'pass'))).toBe('failing');
    expect(overallStatus(checks('pass', 'warn', 'unknown', 'pass', 'pass'))).toBe('at_risk');
    expect(overallStatus(checks('pass', 'unknown', 'pass', 'pass', 'pass'))).toBe('unknown');
    expect(overallStatus(checks('pass', 'pass', 'pass', 'pass', 'pass'))).toBe('good');
  });

  it('leaves out the checks it is told not to count', () => {
    expect(overallStatus(checks('pass', 'pass', 'pass', 'pass', 'unknown'), ['blocklist'])).toBe('good');
    expect(overallStatus(checks('pass', 'pass', 'pass', 'pass', 'unknown'))).toBe('unknown');
  });

  it('orders results fail, warn, unknown, pass', () => {
    expect(worstResult([])).toBe('pass');
    expect(worstResult(['unknown', 'warn'])).toBe('warn');
    expect(worstResult(['pass', 'unknown'])).toBe('unknown');
  });
});

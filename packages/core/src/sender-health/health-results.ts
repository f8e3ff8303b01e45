import type { HealthCheck, HealthCheckName, HealthResult, HealthStatus } from './health-report';

/** A check whose lookups got no answer: "could not check", never a failure. */
export function couldNotCheck(
  name: HealthCheckName,
  detail: string,
  found: string | null = null,
): HealthCheck {
  return {
    name,
    result: 'unknown',
    found,
    reason: `Could not check: ${detail}. This is not a failure of your records; check again later.`,
    fix: null,
  };
}

const SEVERITY: Record<HealthResult, number> = { pass: 0, unknown: 1, warn: 2, fail: 3 };

/** The worst of several results: fail, then warn, then unknown, then pass. */
export function worstResult(results: HealthResult[]): HealthResult {
  return results.reduce<HealthResult>((worst, r) => (SEVERITY[r] > SEVERITY[worst] ? r : worst), 'pass');
}

/**
 * The mailbox's status: any failure is failing, else any warning is at risk, else any check that could not
 * be made leaves it unknown, else good. `uncounted` names checks shown but left out (a blocklist check with
 * no list configured is not the mailbox's to pass or fail).
 */
export function overallStatus(checks: HealthCheck[], uncounted: HealthCheckName[] = []): HealthStatus {
  const results = checks.filter((c) => !uncounted.includes(c.name)).map((c) => c.result);
  if (results.includes('fail')) return 'failing';
  if (results.includes('warn')) return 'at_risk';
  if (results.includes('unknown')) return 'unknown';
  return 'good';
}

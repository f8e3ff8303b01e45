import type { CheckSender, Clock, DnsResolver } from '@prospector/core';
import type { AppConfig } from './config';

/**
 * The checks of a sender's domain the app runs, on its one resolver (DNS_SERVERS). Until the checks are
 * wired, every check answers that it could not be made, which the panel shows as "could not check".
 */
export function senderChecker(_config: AppConfig, _dns: DnsResolver, _clock: Clock): CheckSender {
  return async () => ({
    status: 'unknown',
    checkedAt: _clock.now(),
    checks: (['mx', 'spf', 'dkim', 'dmarc', 'blocklist'] as const).map((name) => ({
      name,
      result: 'unknown' as const,
      found: null,
      reason: 'This check is not available on this server.',
      fix: null,
    })),
    dmarcAligned: 'unknown',
    blocklisted: null,
  });
}

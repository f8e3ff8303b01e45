import type { CoreDeps } from '../deps';
import type { DnsResolver } from '../dns/resolver';

/** Tracking domains need the app's public URL (the CNAME target) and the app's DNS resolver. */
export interface TrackingDomainDeps extends CoreDeps {
  appUrl: string;
  dns: DnsResolver;
}

/** The host name users point their CNAME at: the app's public host. */
export const cnameTargetOf = (appUrl: string) => new URL(appUrl).hostname.toLowerCase();

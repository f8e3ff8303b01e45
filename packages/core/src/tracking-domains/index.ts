export {
  addTrackingDomain,
  listTrackingDomains,
  removeTrackingDomain,
} from './manage-tracking-domains';
export { isVerifiedTrackingHost, trackingBaseFor } from './tracking-base';
export { cnameTargetOf, type TrackingDomainDeps } from './tracking-domain-deps';
export {
  createVerifiedHostCache,
  VERIFIED_HOST_TTL_MS,
  type VerifiedHostCache,
} from './verified-host-cache';
export {
  recheckTrackingDomains,
  TRACKING_DOMAIN_RECHECK_JOB,
  verifyTrackingDomain,
} from './verify-tracking-domain';

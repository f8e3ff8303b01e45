export {
  askForHealthCheck,
  checkMailbox,
  checkMailboxHealth,
  recheckAllMailboxes,
  runHealthCheckJob,
} from './check-mailbox-health';
export { checkSenderHealth, type SenderHealthDeps } from './check-sender-health';
export { type DnsblZone, isDnsblZone, parseDnsblZones } from './dnsbl-zones';
export { getMailboxHealth } from './health-answer';
export { healthHoldReason } from './health-hold';
export { SENDER_HEALTH_LIMITS } from './health-lookups';
export {
  HEALTH_CHECK_NAMES,
  HEALTH_RESULTS,
  HEALTH_STATUSES,
  type HealthCheck,
  type HealthCheckName,
  type HealthFix,
  type HealthReport,
  type HealthResult,
  type HealthStatus,
  type SenderToCheck,
  type SendingProvider,
} from './health-report';
export { findHealthReport } from './health-store';
export { SENDER_HEALTH_CODE } from './launch-warnings';
export {
  type CheckSender,
  createSenderHealthGate,
  MAILBOX_HEALTH_CHECK_JOB,
  MAILBOX_HEALTH_LIMITS,
  MAILBOX_HEALTH_RECHECK_JOB,
  type MailboxHealthDeps,
} from './sender-health-deps';

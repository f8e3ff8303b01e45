export { simulateTests } from './ab-tests/aa-simulation';
export { evaluateAbTests } from './ab-tests/evaluate-winners';
export { createVariant, deleteVariant, listVariants, updateVariant } from './ab-tests/manage-variants';
export * from './ai-writer/index';
export { getQueueStatus } from './analytics/get-queue-status';
export { getSequenceAnalytics } from './analytics/get-sequence-analytics';
export * from './app-error';
export * from './assistant/index';
export * from './auth/index';
export * from './checks/index';
export * from './clock';
export { UNSUBSCRIBED_REASON } from './contact-state/unsubscribe';
export * from './contacts/index';
export { decryptSecret, encryptSecret } from './crypto/secret-box';
export * from './csv-import/index';
export type { CoreDeps, JobQueue } from './deps';
export { createMxLookup, type MailDomainStatus, MX_LOOKUP_LIMITS, type MxLookup } from './dns/mx-lookup';
export {
  createResolver,
  type DnsAnswer,
  type DnsResolver,
  dnsFailureReason,
  type MxRecord,
} from './dns/resolver';
export { EMAIL_SENDS_LIMIT, listEmailSends } from './email-sends/list-email-sends';
export { EMAIL_SEND_NOT_FOUND, listSendEvents, listSendsAfter } from './email-sends/list-sends-after';
export * from './engine/index';
export * from './gmail/index';
export * from './google/google-settings';
export { DEFAULT_RETRY, type RetryPolicy } from './google/http-retry';
export { type HttpAnswer, type HttpFetch, keepAliveFetch } from './http/keep-alive-fetch';
export * from './inbox/index';
export { deleteGoogleIntegration, getGoogleIntegration } from './integrations/google-integration';
export { handleSystemEmail, type SystemEmailDeps } from './jobs/handle-system-email';
export { SYSTEM_EMAIL_JOB, type SystemEmailJob } from './jobs/system-email-job';
export * from './leads/index';
export * from './mail/index';
export { moveMailbox } from './mailbox-recovery/move-mailbox';
export { retryFailedSend } from './mailbox-recovery/retry-failed-send';
export { listStrandedMailboxes } from './mailbox-recovery/stranded-mailboxes';
export * from './mailboxes/index';
export * from './microsoft/index';
export { dismissOnboarding, getOnboarding } from './onboarding/onboarding';
export * from './personalisation/index';
export * from './personas/index';
// Both the Inbox and the public API name their cursor refusal INVALID_CURSOR; the API's is the one exported.
export { INVALID_CURSOR } from './public-api/cursor';
export * from './public-api/index';
export { getGmailQuota } from './quota/get-gmail-quota';
export { accountAgeDays, dailyLimit, KIND_DAILY_LIMITS, RAMP_UP_SCHEDULE } from './quota/quota-policy';
export * from './rendering/index';
export {
  DEFAULT_HOLD_LIMIT_MS,
  drawGapSeconds,
} from './schedule/mailbox-pacing';
export {
  nextSendOpportunity,
  reactionDeadline,
  type SendOpportunityInput,
  type SendTimeInput,
  sendTimeFor,
} from './schedule/send-time';
export * from './sender-health/index';
export * from './sequences/index';
export {
  DEFAULT_CONTACT_SETTINGS,
  getContactSettings,
  saveContactSettings,
} from './settings/contact-settings';
export { addSuppression, liftSuppression, listSuppressions } from './suppressions/manage-suppressions';
export { listSuppressionsAfter } from './suppressions/suppressions-page';
export * from './templates/index';
export * from './tracking/index';
export * from './tracking-domains/index';
export * from './webhooks/index';
export * from './workflows/index';
export * from './workspaces/index';

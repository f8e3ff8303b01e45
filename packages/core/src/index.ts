export { simulateTests } from './ab-tests/aa-simulation';
export { evaluateAbTests } from './ab-tests/evaluate-winners';
export { createVariant, deleteVariant, listVariants, updateVariant } from './ab-tests/manage-variants';
export { AI_BUSY, AI_CALL_LIMITS, AI_CALLS_PER_USER, aiCalls } from './ai-writer/ai-calls';
export type { AiWriter } from './ai-writer/ai-writer';
export { AI_NOT_CONFIGURED, aiWriterInfo, generateEmailContent } from './ai-writer/generate-email-content';
export { AI_UNAVAILABLE, createOpenAiWriter, type OpenAiWriterSettings } from './ai-writer/openai-writer';
export { getQueueStatus } from './analytics/get-queue-status';
export { getSequenceAnalytics } from './analytics/get-sequence-analytics';
export * from './app-error';
export * from './assistant/index';
export { changePassword } from './auth/change-password';
export { getCurrentUser } from './auth/get-current-user';
export { loginUser } from './auth/login-user';
export { logoutSession } from './auth/logout-session';
export { ARGON2_OPTIONS, hashPassword, verifyPassword } from './auth/password-hash';
export { TOO_EASY_TO_GUESS } from './auth/password-strength';
export { registerUser } from './auth/register-user';
export { RESET_REQUESTED_MESSAGE, requestPasswordReset } from './auth/request-password-reset';
export { INVALID_RESET_TOKEN, resetPassword } from './auth/reset-password';
export { RESET_TOKEN_TTL_MS } from './auth/reset-token-store';
export { personalWorkspaceName, resolveSession, WORKSPACE_ACCESS_LOST } from './auth/resolve-session';
export { resetLink, sendPasswordResetEmail } from './auth/send-password-reset-email';
export { type IssuedSession, SESSION_TTL_MS, type SessionIdentity } from './auth/session-store';
export type { SignedIn, SignInContext } from './auth/signed-in';
export { generateToken, hashToken } from './auth/tokens';
export { asDelivered } from './checks/email/as-delivered';
export { checkTemplateEmail, scoreEmail } from './checks/email/check-template';
export {
  createSpamCheckPool,
  SPAM_CHECK_BUSY,
  SPAM_CHECK_LIMITS,
  type SpamCheckPool,
  type SpamCheckPoolOptions,
} from './checks/email/spam-check-pool';
export { parseSpamdAddress, type SpamdAddress, scoreWithSpamAssassin } from './checks/email/spamassassin';
export { checkSequenceList, excludeListCheckReason, includeListCheckReason } from './checks/list/check-list';
export * from './clock';
export { UNSUBSCRIBED_REASON } from './contact-state/unsubscribe';
export { contactActivity } from './contacts/contact-activity';
export { contactIndustries } from './contacts/contact-counts';
export { CONTACT_NOT_FOUND } from './contacts/contact-store';
export { createContact } from './contacts/create-contact';
export { deleteContact } from './contacts/delete-contact';
export { getContact } from './contacts/get-contact';
export { listContacts } from './contacts/list-contacts';
export { listContactsAfter } from './contacts/list-contacts-after';
export { unsubscribeContactById } from './contacts/unsubscribe-contact-by-id';
export { updateContact } from './contacts/update-contact';
export { upsertContact } from './contacts/upsert-contact';
export { type BatchItem, upsertContactBatch } from './contacts/upsert-contact-batch';
export { decryptSecret, encryptSecret } from './crypto/secret-box';
export { importContacts } from './csv-import/import-contacts';
export { importContactsCsv, REFUSED_ROWS_LISTED } from './csv-import/import-csv-file';
export { ImportStop } from './csv-import/import-stop';
export { IMPORT_STOPPED } from './csv-import/merge-ranges';
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
export { type ApplyReplyInput, applyReply } from './engine/apply-reply';
export { claimRound, type MailboxClaim } from './engine/claim-round';
export { claimMailboxSends, readyMailboxes } from './engine/claim-sends';
export { type DeliveryOutcome, deliverSend } from './engine/deliver-send';
export { dispatchDueSends } from './engine/dispatch-sends';
export {
  type EngineDeps,
  MAX_SEND_ATTEMPTS,
  requestEngineRound,
  SENDING_TIMEOUT_MS,
  SEQUENCE_ENGINE_JOB,
} from './engine/engine-deps';
export { enrolNewListMembers } from './engine/enrol-new-members';
export { holdDueSends, ON_SUPPRESSION_LIST } from './engine/hold-sends';
export { LAUNCH_CHECKS, type LaunchCheck, type LaunchCheckInput } from './engine/launch-checks';
export { previewLaunch } from './engine/launch-preview';
export { reviewLaunch } from './engine/launch-review';
export { launchSequence, NO_SENDER_TO_LAUNCH } from './engine/launch-sequence';
export { markSent, markSentMany, type SendingRow } from './engine/mark-sent';
export { nextDaySchedule } from './engine/next-day-schedule';
export { stepSendTime } from './engine/reach-step';
export { reconcileStaleSends } from './engine/reconcile-sends';
export { type EngineRound, runEngineRound } from './engine/run-engine-round';
export { stopContactEnrolments } from './engine/stop-enrolments';
export { tickEnrolments } from './engine/tick';
export { SCOPE_REMOVED_MESSAGE, withGmail } from './gmail/account-tokens';
export { completeGoogleConnect, type GoogleCallbackInput } from './gmail/complete-google-connect';
export {
  type GmailApi,
  GmailApiError,
  type GmailHistoryPage,
  type GmailMessage,
  type GmailMessagePart,
  gmailApi,
} from './gmail/gmail-api';
export { type GmailFailureKind, gmailFailureKind, parseGmailError } from './gmail/gmail-error';
export { MAILBOX_AGE_UNREADABLE, refreshSendingSince } from './gmail/mailbox-age';
export { refreshGmailAliases } from './gmail/refresh-aliases';
export { listSandboxMailboxes } from './gmail/sandbox-mailboxes';
export { startGoogleConnect } from './gmail/start-google-connect';
export * from './google/google-settings';
export { DEFAULT_RETRY, type RetryPolicy } from './google/http-retry';
export { type HttpAnswer, type HttpFetch, keepAliveFetch } from './http/keep-alive-fetch';
export * from './inbox/index';
export { deleteGoogleIntegration, getGoogleIntegration } from './integrations/google-integration';
export { handleSystemEmail, type SystemEmailDeps } from './jobs/handle-system-email';
export { SYSTEM_EMAIL_JOB, type SystemEmailJob } from './jobs/system-email-job';
export {
  APOLLO_CONNECT_FAILED,
  APOLLO_NOT_MASTER_KEY,
  APOLLO_OUT_OF_CREDITS,
  APOLLO_RATE_LIMITED,
  ApolloApiError,
  type ApolloClient,
  ApolloRateLimitError,
  createApolloClient,
} from './leads/apollo-client';
export {
  activeApolloKey,
  getApolloKey,
  maskKey,
  toggleApolloKey,
} from './leads/apollo-key';
export * from './leads/apollo-settings';
export { APOLLO_EMPLOYEE_RANGES, apolloSearchParams, toLead } from './leads/apollo-wire';
export { checkApolloKey, SAVE_KEY_FAILED } from './leads/check-apollo-key';
export { apolloClientFor, connectApollo } from './leads/connect-apollo';
export { getJob, JOB_NOT_FOUND } from './leads/get-job';
export {
  type ImportApolloLeadsInput,
  type ImportApolloLeadsResult,
  importApolloLeads,
} from './leads/import-apollo-leads';
export { LEAD_IMPORT_JOB, LEAD_IMPORT_TYPE } from './leads/lead-import-job';
export { revealLeadEmail } from './leads/reveal-lead-email';
export { ADD_LEADS_FAILED, PROGRESS_WRITE_INTERVAL_MS, runLeadImportJob } from './leads/run-lead-import-job';
export { saveApolloKey } from './leads/save-apollo-key';
export { searchLeadSuggestions } from './leads/search-lead-suggestions';
export { searchLeads } from './leads/search-leads';
export { searchPersonaLeads } from './leads/search-persona-leads';
export { addAllLeadsToPersona, addLeadsToPersona, NO_VALID_EMAILS } from './leads/start-lead-import';
export { buildMessage, newMessageId, type OutgoingMessage } from './mail/build-message';
export { NO_SENDER_MESSAGE } from './mail/resolve-sender';
export { MailSendError, type SendEmailInput, type SendEmailResult, sendEmail } from './mail/send-email';
export { createSmtpMailer } from './mail/smtp-mailer';
export {
  createLogMailer,
  createSystemMailer,
  type InvitationMessage,
  type PasswordResetMessage,
  type SystemMailer,
} from './mail/system-mailer';
export { moveMailbox } from './mailbox-recovery/move-mailbox';
export { retryFailedSend } from './mailbox-recovery/retry-failed-send';
export { listStrandedMailboxes } from './mailbox-recovery/stranded-mailboxes';
export { GMAIL_ACCOUNT_NOT_FOUND, type MailboxRow, reconnectMessage } from './mailboxes/account-store';
export { getGmailAccount, listGmailAccounts } from './mailboxes/account-view';
export { getMailbox, listMailboxes } from './mailboxes/list-mailboxes';
export { listSenders } from './mailboxes/list-senders';
export {
  type ArrivedMessage,
  type MailboxRead,
  type MailboxSession,
  type MailFailureKind,
  type MailProvider,
  MailProviderError,
  type SentMessage,
} from './mailboxes/mail-provider';
export { updateMailboxLimits } from './mailboxes/mailbox-limits';
export { deleteGmailAccount, setDefaultGmailSender } from './mailboxes/manage-mailboxes';
export { type ProviderCeiling, providerCeiling } from './mailboxes/provider-ceiling';
export { mailProviderFor } from './mailboxes/providers';
export { removeMailbox } from './mailboxes/remove-mailbox';
export { connectSmtpMailbox, updateSmtpMailbox } from './mailboxes/smtp/connect-smtp-mailbox';
export { INBOX_MESSAGE_MAX_BYTES, INBOX_MESSAGE_START_BYTES } from './mailboxes/smtp/imap-mailbox';
export {
  createInboxWatchers,
  type InboxWatchEvent,
  type InboxWatchers,
  type InboxWatchState,
  MAX_WATCHED_MAILBOXES,
} from './mailboxes/smtp/inbox-watchers';
export { smtpProvider } from './mailboxes/smtp/smtp-provider';
export { MAILBOX_NOT_FOUND, updateMailbox } from './mailboxes/update-mailbox';
export {
  completeMicrosoftConnect,
  connectMicrosoftAccount,
  type MicrosoftCallbackInput,
  startMicrosoftConnect,
} from './microsoft/connect-microsoft';
export { graphFailureKind } from './microsoft/graph-error';
export { MICROSOFT_LIMITS, microsoftAccountKind, microsoftLimits } from './microsoft/microsoft-limits';
export { MicrosoftOAuthError, microsoftAuthorizationUrl } from './microsoft/microsoft-oauth';
export { microsoftProvider } from './microsoft/microsoft-provider';
export * from './microsoft/microsoft-settings';
export { dismissOnboarding, getOnboarding } from './onboarding/onboarding';
export {
  assertLaunchVariables,
  checkLaunchVariables,
  type LaunchVariablesInput,
} from './personalisation/check-launch-variables';
export { listLaunchSkips, listSkippedContacts } from './personalisation/launch-skips';
export { listPreviewContacts } from './personalisation/preview-contacts';
export {
  previewStepAsContact,
  STEP_HAS_NO_EMAIL,
  STEP_NOT_IN_SEQUENCE,
} from './personalisation/preview-step';
export { reviewLaunchVariables } from './personalisation/review-launch-variables';
export { listTemplateVariables, userCustomKeys } from './personalisation/template-variable-list';
export { addPersonaContact } from './personas/add-persona-contact';
export { createPersona } from './personas/create-persona';
export { deletePersona } from './personas/delete-persona';
export { getPersona } from './personas/get-persona';
export { listPersonaContacts } from './personas/list-persona-contacts';
export { listPersonaContactsAfter } from './personas/list-persona-contacts-after';
export { listPersonaSequences, listPersonaWorkflows } from './personas/list-persona-sequences';
export { listPersonas } from './personas/list-personas';
export { moveContacts } from './personas/move-contacts';
export { isListGone, PERSONA_NOT_FOUND } from './personas/persona-store';
export { LIST_REMOVAL_JOB, removeDeletedLists } from './personas/remove-deleted-lists';
export { removePersonaContact } from './personas/remove-persona-contact';
export { updatePersona } from './personas/update-persona';
export {
  API_KEY_NOT_FOUND,
  API_KEY_PREFIX,
  createApiKey,
  listApiKeys,
  revokeApiKey,
} from './public-api/api-keys';
export { decodeCursor, encodeCursor, INVALID_CURSOR, pageInMemory, pageInOrder } from './public-api/cursor';
export {
  finishIdempotent,
  IDEMPOTENCY_CREATED_GONE,
  IDEMPOTENCY_IN_PROGRESS,
  IDEMPOTENCY_KEY_REUSED,
  requestHash,
  startIdempotent,
} from './public-api/idempotency';
export { type ApiKeyIdentity, resolveApiKey } from './public-api/resolve-api-key';
export { getGmailQuota } from './quota/get-gmail-quota';
export { accountAgeDays, dailyLimit, KIND_DAILY_LIMITS, RAMP_UP_SCHEDULE } from './quota/quota-policy';
export { escapeHtml } from './rendering/escape-html';
export { inlineCss } from './rendering/inline-css';
export { htmlToPlainText } from './rendering/plain-text';
export {
  fillVariables,
  type RenderContact,
  type RenderedEmail,
  type RenderOptions,
  renderTemplate,
} from './rendering/render-template';
export { SAMPLE_CONTACT } from './rendering/sample-contact';
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
export {
  askForHealthCheck,
  checkMailbox,
  checkMailboxHealth,
  recheckAllMailboxes,
  runHealthCheckJob,
} from './sender-health/check-mailbox-health';
export { checkSenderHealth, type SenderHealthDeps } from './sender-health/check-sender-health';
export { type DnsblZone, isDnsblZone, parseDnsblZones } from './sender-health/dnsbl-zones';
export { getMailboxHealth } from './sender-health/health-answer';
export { healthHoldReason } from './sender-health/health-hold';
export { SENDER_HEALTH_LIMITS } from './sender-health/health-lookups';
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
} from './sender-health/health-report';
export { findHealthReport } from './sender-health/health-store';
export { SENDER_HEALTH_CODE } from './sender-health/launch-warnings';
export {
  type CheckSender,
  createSenderHealthGate,
  MAILBOX_HEALTH_CHECK_JOB,
  MAILBOX_HEALTH_LIMITS,
  MAILBOX_HEALTH_RECHECK_JOB,
  type MailboxHealthDeps,
} from './sender-health/sender-health-deps';
export { activateSequence } from './sequences/activate-sequence';
export { assertSequenceActivatable, NO_STEPS_TO_ACTIVATE } from './sequences/activation-checks';
export { addSequenceEmailList } from './sequences/add-sequence-email-list';
export { cloneSequence } from './sequences/clone-sequence';
export { connectStepsInOrder } from './sequences/connect-in-order';
export { createSequence } from './sequences/create-sequence';
export { createStep } from './sequences/create-step';
export { deleteSequence } from './sequences/delete-sequence';
export { deleteStep, stepHasWaitingContacts } from './sequences/delete-step';
export {
  EXCLUDED_BY_LIST_CHECK,
  enrolContact,
  inOtherSequenceMessage,
} from './sequences/enrol-contact';
export { enrolChosenContacts, enrollContacts, SEQUENCE_NOT_FOUND } from './sequences/enroll-contacts';
export { getSequence } from './sequences/get-sequence';
export { listSequenceEmailLists } from './sequences/list-sequence-email-lists';
export { listSequences } from './sequences/list-sequences';
export { listSteps } from './sequences/list-steps';
export { pauseSequence } from './sequences/pause-sequence';
export { assertStepsReachable, findUnreachableSteps } from './sequences/reachable-steps';
export { EMAIL_LIST_NOT_LINKED, removeSequenceEmailList } from './sequences/remove-sequence-email-list';
export {
  ENROLMENT_NOT_FOUND,
  type EnrolmentsQuery,
  findSequenceEnrolment,
  listSequenceEnrolments,
  type SequenceEnrolment,
} from './sequences/sequence-enrolments';
export { SEND_AS_NEEDS_MAILBOX, SEND_AS_NOT_OF_MAILBOX } from './sequences/sequence-senders';
export {
  COMPLETED_IS_FINAL,
  NOT_STARTED_CANNOT_COMPLETE,
  ONLY_RUNNING_CAN_PAUSE,
  STARTED_CANNOT_BE_DRAFT,
} from './sequences/sequence-status';
export { STOPPED_BY_USER, stopEnrolment } from './sequences/stop-enrolment';
export { START_BY_LAUNCH, updateSequence } from './sequences/update-sequence';
export { updateStep } from './sequences/update-step';
export {
  DEFAULT_CONTACT_SETTINGS,
  getContactSettings,
  saveContactSettings,
} from './settings/contact-settings';
export { addSuppression, liftSuppression, listSuppressions } from './suppressions/manage-suppressions';
export { listSuppressionsAfter } from './suppressions/suppressions-page';
export { createTemplate } from './templates/create-template';
export { deleteTemplate } from './templates/delete-template';
export { getTemplate } from './templates/get-template';
export { listTemplates } from './templates/list-templates';
export { PREVIEW_UNSUBSCRIBE_PATH, previewTemplate } from './templates/preview-template';
export { countQueuedEmails } from './templates/queued-emails';
export { listRenderContacts } from './templates/render-contacts';
export { sendTestEmail } from './templates/send-test-email';
export { TEMPLATE_NOT_FOUND } from './templates/template-store';
export { updateTemplate } from './templates/update-template';
export { autoReplyReason } from './tracking/auto-reply-detection';
export { type Bounce, type DeliveryReport, deliveryReportOf } from './tracking/bounce-detection';
export {
  classifyInboundByUser,
  IGNORED_BY_USER,
  INBOUND_MESSAGE_NOT_FOUND,
} from './tracking/classify-by-user';
export { classifyInbound, type InboundKind } from './tracking/classify-inbound';
export { type ClickFlag, MIN_HUMAN_CLICK_SECONDS } from './tracking/click-filter';
export { type ClickRecorder, createClickRecorder } from './tracking/click-recorder';
export { clickUrl, isClickSignature, isWebAddress, locationOf } from './tracking/click-url';
export { type InboundMessage, markedTooLarge, parseInbound } from './tracking/inbound-message';
export { isLinkToken } from './tracking/link-token';
export { listContactEvents } from './tracking/list-contact-events';
export { listReplies, listRepliesAfter, REPLIES_LIMIT } from './tracking/list-replies';
export { createLiveSendCheck, LIVE_SEND_TTL_MS, type LiveSendCheck } from './tracking/live-sends';
export { bounceRatePausedReason, pauseOnBounceRate } from './tracking/mailbox-health';
export { createOpenRecorder, type OpenRecorder } from './tracking/open-recorder';
export {
  MAILBOX_POLL_JOB,
  type PollOutcome,
  pollMailbox,
  pollReplies,
  REPLY_POLL_JOB,
} from './tracking/poll-replies';
export { type ClickOutcome, type ClickRequest, recordClicks } from './tracking/record-click';
export { type RecordedInbound, recordInboundMessage } from './tracking/record-inbound';
export { type OpenOutcome, type OpenRequest, recordOpen, recordOpens } from './tracking/record-open';
export { resumeMailbox } from './tracking/resume-mailbox';
export { type MailboxSync, syncMailbox } from './tracking/sync-mailbox';
export {
  CLICK_PATH,
  isTrackingPath,
  OPEN_PIXEL_PATH,
  onTrackingBase,
  openPixelUrl,
  pixelUrl,
  TRACKING_PATHS,
  UNSUBSCRIBE_PATH,
  unsubscribeUrl,
} from './tracking/tracking-urls';
export { findUnsubscribeTarget, unsubscribeContact } from './tracking/unsubscribe-contact';
export {
  addTrackingDomain,
  listTrackingDomains,
  removeTrackingDomain,
} from './tracking-domains/manage-tracking-domains';
export { isVerifiedTrackingHost, trackingBaseFor } from './tracking-domains/tracking-base';
export { cnameTargetOf, type TrackingDomainDeps } from './tracking-domains/tracking-domain-deps';
export {
  createVerifiedHostCache,
  VERIFIED_HOST_TTL_MS,
  type VerifiedHostCache,
} from './tracking-domains/verified-host-cache';
export {
  recheckTrackingDomains,
  TRACKING_DOMAIN_RECHECK_JOB,
  verifyTrackingDomain,
} from './tracking-domains/verify-tracking-domain';
export { WEBHOOK_CLAIM_TIMEOUT_MS, WEBHOOK_USER_SHARE } from './webhooks/claim-messages';
export {
  DELIVERY_NOT_FOUND,
  ENDPOINT_DISABLED,
  listWebhookDeliveries,
  resendWebhookDelivery,
  sendTestEvent,
} from './webhooks/delivery-log';
export {
  getWebhookDelivery,
  listWebhookDeliveriesAfter,
  retryWebhookDelivery,
  type WebhookDelivery,
} from './webhooks/delivery-pages';
export { WEBHOOK_NOT_FOUND } from './webhooks/endpoint-store';
export {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookEndpoints,
  updateWebhookEndpoint,
  webhookEndpointExists,
} from './webhooks/manage-endpoints';
export { type OutboxEvent, outboxCtes, outboxFromSelect, outboxSql, recordEvents } from './webhooks/outbox';
export { pruneWebhookHistory, WEBHOOK_HISTORY_DAYS } from './webhooks/prune-history';
export {
  recordContactStatusChanged,
  recordEmailEvent,
  recordEnrolmentCompleted,
  recordImportCompleted,
  recordMailboxEvent,
  recordSequenceCompleted,
} from './webhooks/record-event';
export { FAILING_REASON, GONE_REASON } from './webhooks/record-outcomes';
export { MAX_WEBHOOK_ATTEMPTS, RETRY_DELAYS_MS } from './webhooks/retry-schedule';
export {
  runWebhookRound,
  WEBHOOK_BATCH,
  WEBHOOK_DELIVERY_JOB,
  type WebhookRound,
} from './webhooks/run-webhook-round';
export { isPublicAddress, WEBHOOK_URL_NOT_HTTPS, WEBHOOK_URL_PRIVATE } from './webhooks/url-guard';
export * from './workflows/index';
export { type Actor, apiKeyActor, personActor, recordActivityBy, SYSTEM_ACTOR } from './workspaces/actor';
export * from './workspaces/index';

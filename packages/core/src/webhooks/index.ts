export { WEBHOOK_CLAIM_TIMEOUT_MS, WEBHOOK_USER_SHARE } from './claim-messages';
export {
  DELIVERY_NOT_FOUND,
  ENDPOINT_DISABLED,
  listWebhookDeliveries,
  resendWebhookDelivery,
  sendTestEvent,
} from './delivery-log';
export {
  getWebhookDelivery,
  listWebhookDeliveriesAfter,
  retryWebhookDelivery,
  type WebhookDelivery,
} from './delivery-pages';
export { WEBHOOK_NOT_FOUND } from './endpoint-store';
export {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookEndpoints,
  updateWebhookEndpoint,
  webhookEndpointExists,
} from './manage-endpoints';
export { type OutboxEvent, outboxCtes, outboxFromSelect, outboxSql, recordEvents } from './outbox';
export { pruneWebhookHistory, WEBHOOK_HISTORY_DAYS } from './prune-history';
export {
  recordContactStatusChanged,
  recordEmailEvent,
  recordEnrolmentCompleted,
  recordImportCompleted,
  recordMailboxEvent,
  recordSequenceCompleted,
} from './record-event';
export { FAILING_REASON, GONE_REASON } from './record-outcomes';
export { MAX_WEBHOOK_ATTEMPTS, RETRY_DELAYS_MS } from './retry-schedule';
export {
  runWebhookRound,
  WEBHOOK_BATCH,
  WEBHOOK_DELIVERY_JOB,
  type WebhookRound,
} from './run-webhook-round';
export { isPublicAddress, WEBHOOK_URL_NOT_HTTPS, WEBHOOK_URL_PRIVATE } from './url-guard';

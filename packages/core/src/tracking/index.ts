export { autoReplyReason } from './auto-reply-detection';
export { type Bounce, type DeliveryReport, deliveryReportOf } from './bounce-detection';
export {
  classifyInboundByUser,
  IGNORED_BY_USER,
  INBOUND_MESSAGE_NOT_FOUND,
} from './classify-by-user';
export { classifyInbound, type InboundKind } from './classify-inbound';
export { type ClickFlag, MIN_HUMAN_CLICK_SECONDS } from './click-filter';
export { type ClickRecorder, createClickRecorder } from './click-recorder';
export { clickUrl, isClickSignature, isWebAddress, locationOf } from './click-url';
export { type InboundMessage, markedTooLarge, parseInbound } from './inbound-message';
export { isLinkToken } from './link-token';
export { listContactEvents } from './list-contact-events';
export { listReplies, listRepliesAfter, REPLIES_LIMIT } from './list-replies';
export { createLiveSendCheck, LIVE_SEND_TTL_MS, type LiveSendCheck } from './live-sends';
export { bounceRatePausedReason, pauseOnBounceRate } from './mailbox-health';
export { createOpenRecorder, type OpenRecorder } from './open-recorder';
export {
  MAILBOX_POLL_JOB,
  type PollOutcome,
  pollMailbox,
  pollReplies,
  REPLY_POLL_JOB,
} from './poll-replies';
export { type ClickOutcome, type ClickRequest, recordClicks } from './record-click';
export { type RecordedInbound, recordInboundMessage } from './record-inbound';
export { type OpenOutcome, type OpenRequest, recordOpen, recordOpens } from './record-open';
export { resumeMailbox } from './resume-mailbox';
export { type MailboxSync, syncMailbox } from './sync-mailbox';
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
} from './tracking-urls';
export { findUnsubscribeTarget, unsubscribeContact } from './unsubscribe-contact';

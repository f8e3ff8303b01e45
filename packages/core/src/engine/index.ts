export { type ApplyReplyInput, applyReply } from './apply-reply';
export { claimRound, type MailboxClaim } from './claim-round';
export { claimMailboxSends, readyMailboxes } from './claim-sends';
export { type DeliveryOutcome, deliverSend } from './deliver-send';
export { dispatchDueSends } from './dispatch-sends';
export {
  type EngineDeps,
  MAX_SEND_ATTEMPTS,
  requestEngineRound,
  SENDING_TIMEOUT_MS,
  SEQUENCE_ENGINE_JOB,
} from './engine-deps';
export { enrolNewListMembers } from './enrol-new-members';
export { holdDueSends, ON_SUPPRESSION_LIST } from './hold-sends';
export { LAUNCH_CHECKS, type LaunchCheck, type LaunchCheckInput } from './launch-checks';
export { previewLaunch } from './launch-preview';
export { reviewLaunch } from './launch-review';
export { launchSequence, NO_SENDER_TO_LAUNCH } from './launch-sequence';
export { markSent, markSentMany, type SendingRow } from './mark-sent';
export { nextDaySchedule } from './next-day-schedule';
export { stepSendTime } from './reach-step';
export { reconcileStaleSends } from './reconcile-sends';
export { type EngineRound, runEngineRound } from './run-engine-round';
export { stopContactEnrolments } from './stop-enrolments';
export { tickEnrolments } from './tick';

export { activateSequence } from './activate-sequence';
export { assertSequenceActivatable, NO_STEPS_TO_ACTIVATE } from './activation-checks';
export { addSequenceEmailList } from './add-sequence-email-list';
export { cloneSequence } from './clone-sequence';
export { connectStepsInOrder } from './connect-in-order';
export { createSequence } from './create-sequence';
export { createStep } from './create-step';
export { deleteSequence } from './delete-sequence';
export { deleteStep, stepHasWaitingContacts } from './delete-step';
export {
  EXCLUDED_BY_LIST_CHECK,
  enrolContact,
  inOtherSequenceMessage,
} from './enrol-contact';
export { enrolChosenContacts, enrollContacts, SEQUENCE_NOT_FOUND } from './enroll-contacts';
export { getSequence } from './get-sequence';
export { listSequenceEmailLists } from './list-sequence-email-lists';
export { listSequences } from './list-sequences';
export { listSteps } from './list-steps';
export { pauseSequence } from './pause-sequence';
export { assertStepsReachable, findUnreachableSteps } from './reachable-steps';
export { EMAIL_LIST_NOT_LINKED, removeSequenceEmailList } from './remove-sequence-email-list';
export {
  ENROLMENT_NOT_FOUND,
  type EnrolmentsQuery,
  findSequenceEnrolment,
  listSequenceEnrolments,
  type SequenceEnrolment,
} from './sequence-enrolments';
export { SEND_AS_NEEDS_MAILBOX, SEND_AS_NOT_OF_MAILBOX } from './sequence-senders';
export {
  COMPLETED_IS_FINAL,
  NOT_STARTED_CANNOT_COMPLETE,
  ONLY_RUNNING_CAN_PAUSE,
  STARTED_CANNOT_BE_DRAFT,
} from './sequence-status';
export { STOPPED_BY_USER, stopEnrolment } from './stop-enrolment';
export { START_BY_LAUNCH, updateSequence } from './update-sequence';
export { updateStep } from './update-step';

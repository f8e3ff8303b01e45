export { asDelivered } from './email/as-delivered';
export { checkTemplateEmail, scoreEmail } from './email/check-template';
export {
  createSpamCheckPool,
  SPAM_CHECK_BUSY,
  SPAM_CHECK_LIMITS,
  type SpamCheckPool,
  type SpamCheckPoolOptions,
} from './email/spam-check-pool';
export { parseSpamdAddress, type SpamdAddress, scoreWithSpamAssassin } from './email/spamassassin';
export { checkSequenceList, excludeListCheckReason, includeListCheckReason } from './list/check-list';

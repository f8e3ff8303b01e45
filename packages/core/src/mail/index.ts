export { buildMessage, newMessageId, type OutgoingMessage } from './build-message';
export { NO_SENDER_MESSAGE } from './resolve-sender';
export { MailSendError, type SendEmailInput, type SendEmailResult, sendEmail } from './send-email';
export { createSmtpMailer } from './smtp-mailer';
export {
  createLogMailer,
  createSystemMailer,
  type InvitationMessage,
  type PasswordResetMessage,
  type SystemMailer,
} from './system-mailer';

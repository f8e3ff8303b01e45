export type { AiWriter } from './ai-writer/ai-writer';
export { AI_NOT_CONFIGURED, aiWriterInfo, generateEmailContent } from './ai-writer/generate-email-content';
export { AI_UNAVAILABLE, createOpenAiWriter, type OpenAiWriterSettings } from './ai-writer/openai-writer';
export * from './app-error';
export { changePassword } from './auth/change-password';
export { getCurrentUser } from './auth/get-current-user';
export { loginUser } from './auth/login-user';
export { logoutSession } from './auth/logout-session';
export { ARGON2_OPTIONS, hashPassword, verifyPassword } from './auth/password-hash';
export { registerUser } from './auth/register-user';
export { RESET_REQUESTED_MESSAGE, requestPasswordReset } from './auth/request-password-reset';
export { INVALID_RESET_TOKEN, resetPassword } from './auth/reset-password';
export { RESET_TOKEN_TTL_MS } from './auth/reset-token-store';
export { resolveSession } from './auth/resolve-session';
export { resetLink, sendPasswordResetEmail } from './auth/send-password-reset-email';
export { type IssuedSession, SESSION_TTL_MS, type SessionIdentity } from './auth/session-store';
export type { SignedIn, SignInContext } from './auth/signed-in';
export { generateToken, hashToken } from './auth/tokens';
export * from './clock';
export { contactIndustries } from './contacts/contact-counts';
export { CONTACT_NOT_FOUND } from './contacts/contact-store';
export { createContact } from './contacts/create-contact';
export { deleteContact } from './contacts/delete-contact';
export { getContact } from './contacts/get-contact';
export { listContacts } from './contacts/list-contacts';
export { updateContact } from './contacts/update-contact';
export { decryptSecret, encryptSecret } from './crypto/secret-box';
export { importContacts } from './csv-import/import-contacts';
export type { CoreDeps, JobQueue } from './deps';
export { EMAIL_SENDS_LIMIT, listEmailSends } from './email-sends/list-email-sends';
export { reconnectMessage, withGmail } from './gmail/account-tokens';
export { completeGoogleConnect, type GoogleCallbackInput } from './gmail/complete-google-connect';
export {
  type GmailApi,
  GmailApiError,
  type GmailHistoryPage,
  type GmailMessage,
  type GmailMessagePart,
  gmailApi,
} from './gmail/gmail-api';
export * from './gmail/google-settings';
export { DEFAULT_RETRY, type RetryPolicy } from './gmail/http-retry';
export { getGmailAccount, listGmailAccounts } from './gmail/list-gmail-accounts';
export { listSenders } from './gmail/list-senders';
export {
  deleteGmailAccount,
  GMAIL_ACCOUNT_NOT_FOUND,
  refreshGmailAliases,
  setDefaultGmailSender,
} from './gmail/manage-gmail-accounts';
export { listSandboxMailboxes } from './gmail/sandbox-mailboxes';
export { startGoogleConnect } from './gmail/start-google-connect';
export {
  activeApolloKey,
  getApolloKey,
  maskKey,
  saveApolloKey,
  toggleApolloKey,
} from './integrations/apollo-key';
export { deleteGoogleIntegration, getGoogleIntegration } from './integrations/google-integration';
export { handleSystemEmail, type SystemEmailDeps } from './jobs/handle-system-email';
export { SYSTEM_EMAIL_JOB, type SystemEmailJob } from './jobs/system-email-job';
export { buildMessage, newMessageId, type OutgoingMessage } from './mail/build-message';
export { NO_SENDER_MESSAGE } from './mail/resolve-sender';
export { type SendEmailInput, type SendEmailResult, sendEmail } from './mail/send-email';
export { createSmtpMailer } from './mail/smtp-mailer';
export {
  createLogMailer,
  createSystemMailer,
  type PasswordResetMessage,
  type SystemMailer,
} from './mail/system-mailer';
export { addPersonaContact } from './personas/add-persona-contact';
export { createPersona } from './personas/create-persona';
export { deletePersona } from './personas/delete-persona';
export { getPersona } from './personas/get-persona';
export { listPersonaContacts } from './personas/list-persona-contacts';
export { listPersonaSequences } from './personas/list-persona-sequences';
export { listPersonas } from './personas/list-personas';
export { moveContacts } from './personas/move-contacts';
export { PERSONA_NOT_FOUND } from './personas/persona-store';
export { removePersonaContact } from './personas/remove-persona-contact';
export { updatePersona } from './personas/update-persona';
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
export { SAMPLE_CONTACT, sampleContactFrom } from './rendering/sample-contact';
export { enrollContacts, SEQUENCE_NOT_FOUND } from './sequences/enroll-contacts';
export { listSequences } from './sequences/list-sequences';
export {
  DEFAULT_CONTACT_SETTINGS,
  getContactSettings,
  saveContactSettings,
} from './settings/contact-settings';
export { createTemplate } from './templates/create-template';
export { deleteTemplate } from './templates/delete-template';
export { getTemplate } from './templates/get-template';
export { listTemplates } from './templates/list-templates';
export { PREVIEW_UNSUBSCRIBE_PATH, previewTemplate } from './templates/preview-template';
export { sendTestEmail } from './templates/send-test-email';
export { TEMPLATE_NOT_FOUND } from './templates/template-store';
export { updateTemplate } from './templates/update-template';

// Stand-ins for outside services (Google OAuth + Gmail API, the AI writer); filled by the mailbox and template work.
export { composeEmail, createSandboxAiWriter } from './ai/compose-email';
export { type OpenAiStandInOptions, type StandInRequest, startOpenAiStandIn } from './ai/openai-stand-in';
export * from './apollo';
export * from './google';
export * from './microsoft';

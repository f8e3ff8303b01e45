export {
  completeMicrosoftConnect,
  connectMicrosoftAccount,
  type MicrosoftCallbackInput,
  startMicrosoftConnect,
} from './connect-microsoft';
export { graphFailureKind } from './graph-error';
export { MICROSOFT_LIMITS, microsoftAccountKind, microsoftLimits } from './microsoft-limits';
export { MicrosoftOAuthError, microsoftAuthorizationUrl } from './microsoft-oauth';
export { microsoftProvider } from './microsoft-provider';
export * from './microsoft-settings';

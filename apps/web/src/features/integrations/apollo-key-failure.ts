import { serverMessage } from '../../lib/api';

export const SAVE_KEY_FAILED = 'Failed to save API key';

/** Apollo's reason for refusing a key, from the server's 'Failed to save API key: <reason>'. */
export function saveKeyFailureReason(error: unknown): string {
  const message = serverMessage(error, SAVE_KEY_FAILED);
  const prefix = `${SAVE_KEY_FAILED}:`;
  const reason = message.startsWith(prefix) ? message.slice(prefix.length).trim() : message;
  return reason || SAVE_KEY_FAILED;
}

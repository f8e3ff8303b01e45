import { toast } from '@/components/ui/use-toast';
import { errorStatus, serverCode, serverMessage } from './api';
import { readStorage, writeStorage } from './storage';

/** The server's 403 once the person has been removed from the session's workspace. */
export const ACCESS_LOST_MESSAGE = 'You no longer have access to this workspace';
const NOTICE_KEY = 'prospector.accessLostNotice';

export function isAccessLost(error: unknown): boolean {
  return (
    errorStatus(error) === 403 &&
    serverCode(error) === 'FORBIDDEN' &&
    serverMessage(error, '') === ACCESS_LOST_MESSAGE
  );
}

/**
 * Starts the app afresh at its home: nothing read in the lost workspace survives a reload, and the server
 * has already moved the session to one of the person's own workspaces. The notice is shown after it.
 */
export function reloadAtHome(): void {
  writeStorage(NOTICE_KEY, '1');
  window.location.assign('/');
}

/** Says why the app started afresh, once, when it did because access to a workspace was lost. */
export function announceLostAccess(): void {
  if (readStorage(NOTICE_KEY) !== '1') return;
  writeStorage(NOTICE_KEY, '');
  toast({ title: ACCESS_LOST_MESSAGE, description: 'You are now in another of your workspaces.' });
}

import { DUPLICATE_CONTACT_EMAIL } from '@prospector/contracts';
import { errorStatus, serverCode, serverField, serverMessage } from '@/lib/api';

/**
 * Spec section 8: a 409 with code DUPLICATE_EMAIL reads 'This email address already exists'; another 409
 * shows the server's message or 'Contact already exists'; anything else the server's message or `fallback`.
 */
export function contactErrorMessage(error: unknown, fallback: string): string {
  if (errorStatus(error) === 409) {
    if (serverCode(error) === 'DUPLICATE_EMAIL') return DUPLICATE_CONTACT_EMAIL;
    return serverMessage(error, 'Contact already exists');
  }
  return serverMessage(error, fallback);
}

/** The id of the contact that already has the address, when creating a contact answered 409 DUPLICATE_EMAIL. */
export function existingContactId(error: unknown): string | undefined {
  if (errorStatus(error) !== 409 || serverCode(error) !== 'DUPLICATE_EMAIL') return undefined;
  return serverField(error, 'contactId');
}

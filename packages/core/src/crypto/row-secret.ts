import { decryptSecret } from './secret-box';

const opened = new WeakMap<object, Map<string, string>>();

/**
 * A secret stored on a row (a mailbox's access token), decrypted once per row object as read from the
 * database: the sends of a dispatch round share their mailbox's row (the round's sender cache), so its token
 * is decrypted once per round rather than once per send. The plaintext is kept only as long as the row
 * object; a row read again, or a changed stored value, is decrypted afresh.
 */
export function decryptRowSecret(row: object, sealed: string, appSecret: string): string {
  let secrets = opened.get(row);
  const known = secrets?.get(sealed);
  if (known !== undefined) return known;
  const plain = decryptSecret(sealed, appSecret);
  if (!secrets) {
    secrets = new Map();
    opened.set(row, secrets);
  }
  secrets.set(sealed, plain);
  return plain;
}

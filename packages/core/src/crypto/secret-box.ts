import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for secrets kept at rest (OAuth tokens, API keys). The key is derived from APP_SECRET with
 * HKDF-SHA256, so any sufficiently random APP_SECRET string works. The stored form is
 * `v1.<iv>.<tag>.<ciphertext>`, each part base64url: a fresh 12-byte IV per value, a 16-byte tag.
 */
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

const keys = new Map<string, Buffer>();

function keyFor(appSecret: string): Buffer {
  if (appSecret.length < 16) throw new Error('APP_SECRET is too short to derive an encryption key');
  let key = keys.get(appSecret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', appSecret, 'prospector', 'secret-box:aes-256-gcm:v1', 32));
    keys.set(appSecret, key);
  }
  return key;
}

export function encryptSecret(plaintext: string, appSecret: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyFor(appSecret), iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), ciphertext].map((b) => b.toString('base64url'));
  return [VERSION, ...parts].join('.');
}

/** Throws when the value was not produced with this APP_SECRET or has been altered. */
export function decryptSecret(payload: string, appSecret: string): string {
  const [version, iv, tag, ciphertext, ...rest] = payload.split('.');
  if (
    version !== VERSION ||
    iv === undefined ||
    tag === undefined ||
    ciphertext === undefined ||
    rest.length
  ) {
    throw new Error('Not an encrypted secret');
  }
  const ivBytes = Buffer.from(iv, 'base64url');
  const tagBytes = Buffer.from(tag, 'base64url');
  if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES)
    throw new Error('Not an encrypted secret');
  const decipher = createDecipheriv('aes-256-gcm', keyFor(appSecret), ivBytes, { authTagLength: TAG_BYTES });
  decipher.setAuthTag(tagBytes);
  const plain = Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]);
  return plain.toString('utf8');
}

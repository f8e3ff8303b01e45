import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url: what goes into a cookie or a reset link. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps instead of a token: its SHA-256, hex. A leaked table yields no usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

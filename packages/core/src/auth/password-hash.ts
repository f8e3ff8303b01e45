import { type Algorithm, hash, verify } from '@node-rs/argon2';

/** OWASP's argon2id parameters: 19 MiB of memory, 2 passes, 1 lane. */
export const ARGON2_OPTIONS = {
  // Algorithm is an ambient const enum, which isolatedModules cannot read; 2 is Argon2id.
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** False for a wrong password and for a malformed stored hash; never throws for bad input. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies against a throwaway hash, so a sign-in for an unknown email costs the same argon2 time as a
 * wrong password and the two cannot be told apart by timing.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('prospector-timing-equaliser');
  await verifyPassword(await dummyHash, password);
  return false;
}

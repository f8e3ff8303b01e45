/// <reference path="./mailauth-tools.d.ts" />
import tools from 'mailauth/lib/tools.js';
import type { HealthLookups } from './health-lookups';
import type { HealthResult } from './health-report';

/** What a DKIM key record at `selector._domainkey.domain` holds, as mailauth reads it. */
export interface DkimKey {
  selector: string;
  /** The full host name of the record. */
  name: string;
  result: HealthResult;
  /** The record as published; null when there is none or it could not be fetched. */
  record: string | null;
  /** One sentence for the reason. */
  says: string;
}

/** Bits below which a key fails (RFC 8301) and below which one is advised against. */
export const DKIM_MIN_BITS = 1024;
export const DKIM_ADVISED_BITS = 2048;

interface KeyError {
  code?: string;
  rr?: string;
  message?: string;
}

export async function readDkimKey(
  selector: string,
  domain: string,
  lookups: HealthLookups,
): Promise<DkimKey> {
  const name = `${selector}._domainkey.${domain}`;
  const key = { selector, name };
  try {
    // A minimum of one bit: mailauth returns the key's size and the thresholds are judged here.
    const { rr, modulusLength } = await tools.getPublicKey('DKIM', name, 1, lookups.mailauth);
    if (modulusLength === undefined) {
      return { ...key, result: 'pass', record: rr, says: `The key at ${name} is an Ed25519 key.` };
    }
    if (modulusLength < DKIM_MIN_BITS) {
      return {
        ...key,
        result: 'fail',
        record: rr,
        says: `The key at ${name} is only ${modulusLength} bits; receivers reject keys under ${DKIM_MIN_BITS} bits. Generate a ${DKIM_ADVISED_BITS}-bit key and publish it.`,
      };
    }
    if (modulusLength < DKIM_ADVISED_BITS) {
      return {
        ...key,
        result: 'warn',
        record: rr,
        says: `The key at ${name} is ${modulusLength} bits; ${DKIM_ADVISED_BITS} bits is advised. Generate a ${DKIM_ADVISED_BITS}-bit key when you can.`,
      };
    }
    return {
      ...key,
      result: 'pass',
      record: rr,
      says: `The key at ${name} is a ${modulusLength}-bit RSA key.`,
    };
  } catch (error) {
    const { code, rr, message } = error as KeyError;
    if (code === 'ENOTFOUND' || code === 'ENODATA' || (code === 'EINVALIDVAL' && !rr)) {
      return { ...key, result: 'fail', record: null, says: `There is no DKIM key at ${name}.` };
    }
    if (code === 'EINVALIDVAL' || code === 'EINVALIDVER' || code === 'EINVALIDTYPE') {
      const why = /^p=$|;\s*p=\s*(;|$)/i.test(rr ?? '')
        ? 'has an empty key (p=), which means revoked'
        : 'cannot be read as a DKIM key';
      return { ...key, result: 'fail', record: rr ?? null, says: `The record at ${name} ${why}.` };
    }
    return {
      ...key,
      result: 'unknown',
      record: null,
      says: `Could not check the key at ${name}: ${message ?? 'the lookup failed'}.`,
    };
  }
}

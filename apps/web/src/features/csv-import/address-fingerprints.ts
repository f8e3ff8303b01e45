/**
 * The distinct addresses of a file, kept as 64-bit fingerprints (two murmur3 hashes of the text under two
 * seeds) in an open-addressing table of typed arrays: 8 bytes a slot instead of a string each, so the count
 * of a file of millions of rows fits in the browser's worker.
 *
 * Two different addresses share a fingerprint with a probability of about n²/2⁶⁵ for n addresses: about
 * 1 in 750,000 for a 7,000,000-row file, far less for usual files. A shared fingerprint would count one
 * address as a repeat of another in the preview only: the server checks repeats exactly, and its report is
 * what the import's summary shows.
 */
export class AddressFingerprints {
  /** Each slot is two words, [first hash, second hash]; a first word of 0 marks an empty slot. */
  private slots = new Uint32Array(2 * INITIAL_SLOTS);
  private mask = INITIAL_SLOTS - 1;
  private count = 0;

  /** How many distinct texts were added. */
  get size(): number {
    return this.count;
  }

  /** Adds `text`; true when it was not there yet. */
  add(text: string): boolean {
    const first = murmur3(text, FIRST_SEED) || 1; // 0 marks an empty slot
    const second = murmur3(text, SECOND_SEED);
    if (!this.insert(first, second)) return false;
    this.count += 1;
    if (this.count > MAX_LOAD * (this.mask + 1)) this.grow();
    return true;
  }

  /** Puts the fingerprint in its slot (linear probing from its first hash); false when it was there. */
  private insert(first: number, second: number): boolean {
    const { slots, mask } = this;
    for (let slot = first & mask; ; slot = (slot + 1) & mask) {
      const stored = slots[2 * slot];
      if (stored === 0) {
        slots[2 * slot] = first;
        slots[2 * slot + 1] = second;
        return true;
      }
      if (stored === first && slots[2 * slot + 1] === second) return false;
    }
  }

  private grow(): void {
    const old = this.slots;
    this.slots = new Uint32Array(2 * old.length);
    this.mask = old.length - 1;
    for (let i = 0; i < old.length; i += 2) {
      const first = old[i] as number;
      if (first !== 0) this.insert(first, old[i + 1] as number);
    }
  }
}

const INITIAL_SLOTS = 1024;
/** The share of slots in use past which the table doubles. */
const MAX_LOAD = 0.7;
const FIRST_SEED = 0x9747b28c;
const SECOND_SEED = 0x5bd1e995;

/** MurmurHash3 (32-bit) of the text's UTF-16 code units, two to a 32-bit block. */
export function murmur3(text: string, seed: number): number {
  let hash = seed | 0;
  const length = text.length;
  let i = 0;
  for (; i + 1 < length; i += 2) {
    hash ^= mixBlock(text.charCodeAt(i) | (text.charCodeAt(i + 1) << 16));
    hash = (hash << 13) | (hash >>> 19);
    hash = (Math.imul(hash, 5) + 0xe6546b64) | 0;
  }
  if (i < length) hash ^= mixBlock(text.charCodeAt(i));
  hash ^= 2 * length;
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

function mixBlock(block: number): number {
  let k = Math.imul(block, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  return Math.imul(k, 0x1b873593);
}

import { describe, expect, it } from 'vitest';
import { paceText } from './pace-text';

describe('paceText', () => {
  it('says the gap in minutes when whole, else in seconds, and no gap plainly', () => {
    expect(paceText(60, 180)).toBe('one email every 1–3 min');
    expect(paceText(120, 120)).toBe('one email every 2 min');
    expect(paceText(45, 90)).toBe('one email every 45–90 s');
    expect(paceText(30, 30)).toBe('one email every 30 s');
    expect(paceText(0, 0)).toBe('as fast as Gmail allows');
  });
});

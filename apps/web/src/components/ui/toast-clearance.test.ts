import { describe, expect, it } from 'vitest';
import { bottomOnPage } from './toast-clearance';

describe('bottomOnPage', () => {
  it('is where the header ends on the page, whatever the window is scrolled to', () => {
    expect(bottomOnPage({ bottom: 132 }, 0)).toBe('132px');
    expect(bottomOnPage({ bottom: 32 }, 100)).toBe('132px');
  });

  it('rounds up, so a toast never overlaps the last pixel row of a button', () => {
    expect(bottomOnPage({ bottom: 131.2 }, 0)).toBe('132px');
  });
});

import { describe, expect, it } from 'vitest';
import { openPixelRule } from './open-pixel-rule';

const pixel = 'https://t.example/t/o/abc.gif';
const withPixel = `<p>Hi</p><img src="${pixel}" width="1" height="1">`;

describe('openPixelRule', () => {
  it('blames the pixel for an image rule only when the pixel is the one image', () => {
    expect(openPixelRule('HTML_IMAGE_ONLY_08', withPixel, pixel)).toBe(true);
    expect(openPixelRule('HTML_IMAGE_RATIO_02', withPixel, pixel)).toBe(true);
    expect(
      openPixelRule('HTML_IMAGE_ONLY_08', `${withPixel}<img src="https://x.example/logo.png">`, pixel),
    ).toBe(false);
    expect(openPixelRule('HTML_IMAGE_ONLY_08', withPixel, null)).toBe(false);
    expect(openPixelRule('MONEY_BACK', withPixel, pixel)).toBe(false);
  });
});

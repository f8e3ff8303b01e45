import { describe, expect, it } from 'vitest';
import { bodyPreview } from './body-preview';

describe('bodyPreview', () => {
  it('strips tags, styles and entities and keeps the first 100 characters', () => {
    expect(
      bodyPreview('<style>p{color:red}</style><p>Hi {{first_name}},</p><p>Tom &amp; Jerry&nbsp;here</p>'),
    ).toBe('Hi {{first_name}}, Tom & Jerry here');
    const long = `<p>${'a'.repeat(150)}</p>`;
    expect(bodyPreview(long)).toBe('a'.repeat(100));
    expect(bodyPreview('')).toBe('');
  });
});

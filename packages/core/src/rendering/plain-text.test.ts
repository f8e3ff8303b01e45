import { describe, expect, it } from 'vitest';
import { htmlToPlainText } from './plain-text';

describe('htmlToPlainText', () => {
  it('keeps link addresses, drops images, leaves headings and {{variables}} as written', () => {
    const html = `<h1>Hi {{firstName}}</h1><p>See <a href="https://example.com/pricing">our pricing</a>
      or <a href="https://example.com">https://example.com</a>.</p><img src="https://example.com/x.png" alt="logo">
      <p>{{companyName}} team</p>`;
    expect(htmlToPlainText(html)).toBe(
      'Hi {{firstName}}\n\nSee our pricing [https://example.com/pricing] or https://example.com.\n\n{{companyName}} team',
    );
  });

  it('answers each document on its own when called again and again', () => {
    const first = htmlToPlainText('<p>One</p>');
    htmlToPlainText('<table><tr><td>a</td><td>b</td></tr></table>');
    expect(htmlToPlainText('<p>One</p>')).toBe(first);
    expect(first).toBe('One');
  });
});

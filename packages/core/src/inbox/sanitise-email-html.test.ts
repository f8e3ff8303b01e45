import { describe, expect, it } from 'vitest';
import { MAX_STORED_HTML, sanitiseEmailHtml } from './sanitise-email-html';

describe('stored email HTML', () => {
  it('drops scripts, handlers, javascript: links and loading styles', () => {
    const { html } = sanitiseEmailHtml(
      '<p onclick="x()">Hi<script>alert(1)</script></p><a href="javascript:alert(1)">a</a><div style="background:url(https://t.example/p.gif)">b</div><iframe src="https://x.example"></iframe>',
    );
    expect(html).not.toMatch(/script|onclick|javascript:|url\(|iframe/i);
    expect(html).toContain('<p>Hi</p>');
  });

  it('keeps remote images aside until asked for, and inline ones as they are', () => {
    const result = sanitiseEmailHtml(
      '<img src="https://t.example/pixel.gif" alt=""><img src="data:image/png;base64,AAAA">',
    );
    expect(result.hasRemoteImages).toBe(true);
    expect(result.html).toContain('data-remote-src="https://t.example/pixel.gif"');
    expect(result.html).not.toMatch(/ src="https:/);
    expect(result.html).toContain('src="data:image/png;base64,AAAA"');
  });

  it('links open in a new tab without the opener', () => {
    expect(sanitiseEmailHtml('<a href="https://a.example">a</a>').html).toBe(
      '<a href="https://a.example" target="_blank" rel="noopener noreferrer nofollow">a</a>',
    );
  });

  it('a body over the cap is not kept (the text is shown instead)', () => {
    expect(sanitiseEmailHtml(`<p>${'x'.repeat(MAX_STORED_HTML + 1)}</p>`).html).toBeNull();
    expect(sanitiseEmailHtml('  ').html).toBeNull();
  });
});

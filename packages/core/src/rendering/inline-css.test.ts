import { describe, expect, it } from 'vitest';
import { inlineCss } from './inline-css';

describe('inlineCss', () => {
  it('moves <style> rules onto the elements, keeps media queries and leaves variables alone', () => {
    const html =
      '<table class="t"><tr><td class="c">Hi {{first_name|there}} <a href="{{unsubscribe_url}}">x</a></td></tr></table>' +
      '<style>.t{width:100%}.c{color:red;padding:10px}@media (max-width:600px){.c{color:blue}}</style>';
    const out = inlineCss(html);
    expect(out).toContain('<td class="c" style="color: red; padding: 10px;">Hi {{first_name|there}}');
    expect(out).toContain('href="{{unsubscribe_url}}"');
    expect(out).toContain('width="100%"');
    expect(out).toMatch(/<style>\s*@media \(max-width:\s?600px\)/);
    expect(out).not.toContain('.t{width:100%}');
  });
});

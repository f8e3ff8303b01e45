import { describe, expect, it } from 'vitest';
import { type LinkRewrite, rewriteHtmlLinks, rewriteTextLinks } from './link-rewrite';

const UNSUBSCRIBE = 'https://app.example/u/tok';
/** Tracked addresses are marked {{...}} here, so a test reads exactly which address went through. */
const rewrite: LinkRewrite = {
  tracked: (url) => `{{${encodeURIComponent(url)}}}`,
  keep: (url) => url.startsWith(UNSUBSCRIBE),
};
const tracked = (url: string) => rewrite.tracked(url);
/** The original addresses the rewritten document sends through the redirect, decoded. */
const originals = (text: string) =>
  [...text.matchAll(/\{\{([^}]*)\}\}/g)].map((match) => decodeURIComponent(match[1] ?? ''));

describe('rewriting the links of an HTML body', () => {
  it('rewrites the href of <a> and <area> and leaves every other byte as it was', () => {
    const html =
      '<p>See <a class="x" href="https://acme.example/a">a</a> and <AREA HREF=\'http://acme.example/b\'></p>';
    expect(rewriteHtmlLinks(html, rewrite)).toBe(
      `<p>See <a class="x" href="${tracked('https://acme.example/a')}">a</a> and <AREA HREF="${tracked('http://acme.example/b')}"></p>`,
    );
  });

  it('decodes entities once and keeps query, fragment and non-ASCII characters exactly', () => {
    const html =
      '<a href="https://acme.example/p?a=1&amp;b=2&amp;amp;c#top">x</a>' +
      '<a href="https://例え.jp/パス?q=naïve&#x26;z=%E2%82%AC#frag">y</a>' +
      '<a href=https://acme.example/unquoted?x=1>z</a>';
    expect(originals(rewriteHtmlLinks(html, rewrite))).toEqual([
      'https://acme.example/p?a=1&b=2&amp;c#top',
      'https://例え.jp/パス?q=naïve&z=%E2%82%AC#frag',
      'https://acme.example/unquoted?x=1',
    ]);
  });

  it('leaves mailto:, tel:, anchors, relative addresses and the unsubscribe link as written', () => {
    const html = [
      '<a href="mailto:ada@acme.example?subject=Hi">m</a>',
      '<a href="tel:+441234567">t</a>',
      '<a href="#section">s</a>',
      '<a href="/pricing">r</a>',
      '<a href="pricing.html">r</a>',
      '<a href="//acme.example/no-scheme">p</a>',
      '<a href="javascript:alert(1)">j</a>',
      `<a href="${UNSUBSCRIBE}">u</a>`,
      '<a name="anchor">n</a>',
    ].join('');
    expect(rewriteHtmlLinks(html, rewrite)).toBe(html);
  });

  it('finds links in nested tags but not in comments, scripts, other attributes or text', () => {
    const html = [
      '<table><tr><td><div><a href="https://acme.example/deep"><span><b>deep</b></span></a></div></td></tr></table>',
      '<!-- <a href="https://acme.example/comment">c</a> -->',
      '<script>var s = \'<a href="https://acme.example/script">\';</script>',
      '<img src="https://acme.example/logo.png" alt=\'<a href="https://acme.example/alt">\'>',
      '<p>Visit https://acme.example/text today</p>',
      '<a title="x > y" href="https://acme.example/after-gt">g</a>',
    ].join('\n');
    const out = rewriteHtmlLinks(html, rewrite);
    expect(originals(out)).toEqual(['https://acme.example/deep', 'https://acme.example/after-gt']);
    expect(out).toContain('<!-- <a href="https://acme.example/comment">c</a> -->');
    expect(out).toContain('<img src="https://acme.example/logo.png"');
    expect(out).toContain('Visit https://acme.example/text today');
  });

  it('rewrites the first href of a tag only, and takes surrounding white space off', () => {
    const html = '<a href="  https://acme.example/one  " href="https://acme.example/two">x</a>';
    expect(rewriteHtmlLinks(html, rewrite)).toBe(
      `<a href="${tracked('https://acme.example/one')}" href="https://acme.example/two">x</a>`,
    );
  });

  it('writes the new address safely inside the attribute', () => {
    const odd: LinkRewrite = { tracked: () => `https://t.example/?a=1&b='"`, keep: () => false };
    expect(rewriteHtmlLinks('<a href="https://acme.example">x</a>', odd)).toBe(
      '<a href="https://t.example/?a=1&amp;b=&#39;&quot;">x</a>',
    );
  });
});

describe('rewriting the links of a plain-text body', () => {
  it('rewrites web addresses and leaves the punctuation around them', () => {
    const text = [
      'Our prices (https://acme.example/pricing?plan=pro&seats=3#faq), then',
      'book at https://acme.example/book. Or <https://acme.example/angle>!',
      'Wiki: https://en.wikipedia.org/wiki/Ada_(programming_language).',
      'Mail ada@acme.example or call tel:+441234567; unsubscribe: https://app.example/u/tok',
    ].join('\n');
    const out = rewriteTextLinks(text, rewrite);
    expect(originals(out)).toEqual([
      'https://acme.example/pricing?plan=pro&seats=3#faq',
      'https://acme.example/book',
      'https://acme.example/angle',
      'https://en.wikipedia.org/wiki/Ada_(programming_language)',
    ]);
    expect(out).toContain(`(${tracked('https://acme.example/pricing?plan=pro&seats=3#faq')}), then`);
    expect(out).toContain(`book at ${tracked('https://acme.example/book')}. Or <`);
    expect(out).toContain(`${tracked('https://en.wikipedia.org/wiki/Ada_(programming_language)')}.`);
    expect(out).toContain('unsubscribe: https://app.example/u/tok');
  });

  it('keeps non-ASCII addresses whole', () => {
    expect(originals(rewriteTextLinks('Voir https://例え.jp/パス?q=été, merci', rewrite))).toEqual([
      'https://例え.jp/パス?q=été',
    ]);
  });
});

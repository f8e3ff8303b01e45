import { describe, expect, it } from 'vitest';
import { builtInReasons, type CheckedEmail, linksOf, SIZE_LIMIT_BYTES } from './built-in-rules';

const UNSUBSCRIBE = 'https://app.example.com/u/token123';
const PIXEL = 'https://app.example.com/t/o/pixel123.gif';
const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

/** A clean email: plain text and HTML, one link, the unsubscribe link, the pixel. */
function email(overrides: Partial<CheckedEmail> = {}): CheckedEmail {
  const html = `<p>Hi Jamie, ${words(120)}</p><p><a href="https://northwind.example/demo">our demo</a></p>
    <p><a href="${UNSUBSCRIBE}">Unsubscribe</a></p><img src="${PIXEL}" width="1" height="1" alt="">`;
  return {
    subject: 'Quick question about your sales team',
    html,
    text: `Hi Jamie, ${words(120)}\nUnsubscribe: ${UNSUBSCRIBE}`,
    sizeBytes: 4_000,
    unsubscribeUrl: UNSUBSCRIBE,
    pixelUrl: PIXEL,
    ...overrides,
  };
}
const rules = (e: CheckedEmail) => builtInReasons(e).map((reason) => reason.rule);

describe('built-in email checks', () => {
  it('finds nothing in a plain, personal email with its unsubscribe link', () => {
    expect(builtInReasons(email())).toEqual([]);
  });

  it('flags an email without a plain-text part', () => {
    expect(rules(email({ text: '  ' }))).toEqual(['MIME_HTML_ONLY']);
  });

  it('flags images with little text, but not the open pixel', () => {
    const banner = '<img src="https://cdn.example/banner.png" width="600" height="300">';
    const imageOnly = email({ html: `${banner}<p>Hello</p><a href="${UNSUBSCRIBE}">Unsubscribe</a>` });
    expect(builtInReasons(imageOnly)).toContainEqual(
      expect.objectContaining({ rule: 'HTML_IMAGE_ONLY_04', score: 1.7 }),
    );
    const some = email({ html: `${banner}<p>${words(70)}</p><a href="${UNSUBSCRIBE}">u</a>` });
    expect(rules(some)).toContain('HTML_IMAGE_ONLY_08');
    expect(rules(email())).not.toContain('HTML_IMAGE_ONLY_04');
  });

  it('flags more than three links, not counting the unsubscribe link', () => {
    const links = (n: number) =>
      Array.from({ length: n }, (_, i) => `<a href="https://site${i}.example/">site ${i}</a>`).join(' ');
    const four = email({ html: `<p>${words(120)} ${links(4)}</p><a href="${UNSUBSCRIBE}">u</a>` });
    expect(builtInReasons(four)).toContainEqual(
      expect.objectContaining({ rule: 'MANY_LINKS', description: expect.stringContaining('4 links') }),
    );
    const three = email({ html: `<p>${words(120)} ${links(3)}</p><a href="${UNSUBSCRIBE}">u</a>` });
    expect(rules(three)).not.toContain('MANY_LINKS');
  });

  it('flags a link whose text shows another domain than it leads to', () => {
    const html = `<p>${words(120)} <a href="https://evil.example/login">www.mybank.com</a></p><a href="${UNSUBSCRIBE}">u</a>`;
    expect(builtInReasons(email({ html }))).toContainEqual({
      rule: 'LINK_TEXT_OTHER_DOMAIN',
      score: 2,
      description: 'A link shows mybank.com but leads to evil.example',
    });
    const same = `<p>${words(120)} <a href="https://www.northwind.example/x">northwind.example</a></p><a href="${UNSUBSCRIBE}">u</a>`;
    expect(rules(email({ html: same }))).not.toContain('LINK_TEXT_OTHER_DOMAIN');
  });

  it("flags URL shorteners from SpamAssassin's list", () => {
    const html = `<p>${words(120)} <a href="https://bit.ly/3xyz">our demo</a></p><a href="${UNSUBSCRIBE}">u</a>`;
    expect(builtInReasons(email({ html }))).toContainEqual(
      expect.objectContaining({ rule: 'URL_SHORTENER', description: expect.stringContaining('bit.ly') }),
    );
  });

  it('flags an all-caps subject in any cased alphabet', () => {
    expect(rules(email({ subject: 'LAST CHANCE TO SAVE' }))).toContain('SUBJ_ALL_CAPS');
    expect(rules(email({ subject: 'ÚLTIMA OPORTUNIDAD HOY' }))).toContain('SUBJ_ALL_CAPS');
    expect(rules(email({ subject: 'Meeting with the CTO' }))).not.toContain('SUBJ_ALL_CAPS');
    expect(rules(email({ subject: '会議のご案内' }))).not.toContain('SUBJ_ALL_CAPS');
  });

  it("scores SpamAssassin's phrase rules with their scores", () => {
    const text = `Hi Jamie, ${words(120)}\nIt comes with a money back guarantee.\nUnsubscribe: ${UNSUBSCRIBE}`;
    expect(builtInReasons(email({ text }))).toContainEqual({
      rule: 'MONEY_BACK',
      score: 2.91,
      description: 'Money back guarantee',
    });
  });

  it('flags an email without its unsubscribe link in the body', () => {
    const e = email({ html: `<p>${words(120)}</p>`, text: words(120) });
    expect(rules(e)).toEqual(['NO_UNSUBSCRIBE_LINK']);
  });

  it('flags a message past 100 KB, which Gmail clips', () => {
    expect(rules(email({ sizeBytes: SIZE_LIMIT_BYTES + 1 }))).toEqual(['MESSAGE_OVER_100KB']);
    expect(rules(email({ sizeBytes: SIZE_LIMIT_BYTES }))).toEqual([]);
  });

  it('reads links with entities and nested markup', () => {
    expect(linksOf('<a class="x" href="https://a.example/?a=1&amp;b=2"><b>a.example</b></a>')).toEqual([
      { href: 'https://a.example/?a=1&b=2', host: 'a.example', text: 'a.example' },
    ]);
  });
});

import { AI_LANGUAGES, AI_TONES, type AiGenerateInput } from '@prospector/contracts';
import { describe, expect, it } from 'vitest';
import { composeEmail, outlinePoints } from './compose-email';

const input = (over: Partial<AiGenerateInput> = {}): AiGenerateInput => ({
  subject: 'faster onboarding',
  language: 'English',
  tone: 'professional',
  wordCount: 200,
  outline: '- We cut onboarding from 3 weeks to 3 days\n- Works with your HR tools\n- Free pilot for 30 days',
  ...over,
});
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('the sandbox writer', () => {
  it('splits an outline into points, without bullets or numbers', () => {
    expect(outlinePoints('- a\n* b\n1. c\n2) d\n\n• e\nplain')).toEqual(['a', 'b', 'c', 'd', 'e', 'plain']);
  });

  it('writes a greeting, an opener naming the subject, the points as a list, a closer and a sign-off', () => {
    const html = composeEmail(input());
    expect(
      html.startsWith(
        "<p>Hello {{first_name|there}},</p>\n<p>I'm reaching out regarding “faster onboarding”.</p>",
      ),
    ).toBe(true);
    expect(html).toContain('<ul>\n  <li>We cut onboarding from 3 weeks to 3 days.</li>');
    expect(html).toContain('<li>Free pilot for 30 days.</li>');
    expect(html).toContain('Would you be open to a 15-minute call this week');
    expect(html.endsWith('<p>Best regards,</p>')).toBe(true);
  });

  it('keeps one or two points as paragraphs and escapes the outline', () => {
    const html = composeEmail(input({ outline: 'Our <b>tool</b> saves time & money', tone: 'casual' }));
    expect(html).toContain('<p>Our &lt;b&gt;tool&lt;/b&gt; saves time &amp; money.</p>');
    expect(html).toContain('<p>Hi {{first_name|there}},</p>');
    expect(html).not.toContain('<ul>');
  });

  it('adds bridge sentences toward a longer word count, but never shortens the outline', () => {
    const short = text(composeEmail(input({ wordCount: 50 })));
    const long = text(composeEmail(input({ wordCount: 400 })));
    expect(long.split(' ').length).toBeGreaterThan(short.split(' ').length + 30);
    expect(long).toContain('A short call is usually the quickest way');
    const outline = Array.from({ length: 40 }, (_, i) => `Point number ${i + 1} of the offer`).join('\n');
    expect(text(composeEmail(input({ outline, wordCount: 50 })))).toContain('Point number 40 of the offer.');
  });

  it('writes every language and tone, in that language', () => {
    for (const language of AI_LANGUAGES) {
      for (const tone of AI_TONES) {
        const html = composeEmail(input({ language, tone }));
        expect(html).toMatch(/\{\{first_name\|[^}]+\}\}/);
        expect(html).toContain('faster onboarding');
      }
    }
    expect(composeEmail(input({ language: 'Japanese' }))).toContain('{{first_name|ご担当者}}様');
    expect(composeEmail(input({ language: 'Japanese', outline: '導入が早い' }))).toContain(
      '<p>導入が早い。</p>',
    );
    expect(composeEmail(input({ language: 'German', tone: 'formal' }))).toContain('Mit freundlichen Grüßen');
    expect(composeEmail(input({ language: 'Vietnamese', tone: 'friendly' }))).toContain(
      'Chào {{first_name|bạn}},',
    );
    expect(composeEmail(input({ language: 'Spanish', tone: 'urgent' }))).toContain('el tiempo apremia');
    expect(composeEmail(input({ language: 'French' }))).toContain('Bonjour {{first_name|à vous}},');
    expect(composeEmail(input({ language: 'Chinese' }))).toContain('{{first_name|朋友}}，您好！');
  });
});

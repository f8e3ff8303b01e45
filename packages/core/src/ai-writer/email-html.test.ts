import { describe, expect, it } from 'vitest';
import { toEmailHtml } from './email-html';

describe('toEmailHtml: a writer answer as an email body', () => {
  it('removes code fences around HTML', () => {
    expect(toEmailHtml('```html\n<p>Hi {{first_name|there}},</p>\n<p>Body</p>\n```')).toBe(
      '<p>Hi {{first_name|there}},</p>\n<p>Body</p>',
    );
  });

  it('turns plain text into escaped paragraphs with line breaks and bold', () => {
    expect(toEmailHtml('Hi {{first_name|there}},\n\nA **great** <deal>\nfor you.\n\n\nBest,')).toBe(
      '<p>Hi {{first_name|there}},</p>\n<p>A <strong>great</strong> &lt;deal&gt;<br>for you.</p>\n<p>Best,</p>',
    );
  });

  it('drops scripts, styles, documents, event handlers and javascript: links', () => {
    const answer =
      '<html><head><title>t</title><style>p{}</style></head><body><p onclick="x()">Hi</p>' +
      '<script>alert(1)</script><a href="javascript:alert(1)">x</a><iframe src="https://e"></iframe></body></html>';
    expect(toEmailHtml(answer)).toBe('<p>Hi</p><a href="#">x</a>');
  });
});

import { describe, expect, it } from 'vitest';
import { renderTemplate } from './render-template';

const ada = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' };
const render = (htmlBody: string, contact: object = ada, subject = 'Hello') =>
  renderTemplate({ subject, htmlBody }, contact, { unsubscribeUrl: 'https://app.example/u/tok?a=1&b=2' });

describe('renderTemplate: the variables of spec section 3', () => {
  it('fills first_name, last_name, name and unsubscribe_url, with spaces inside the braces allowed', () => {
    const out = render('<p>{{first_name}} {{ last_name }} / {{name}}</p><a href="{{unsubscribe_url}}">x</a>');
    expect(out.html).toBe(
      '<p>Ada Lovelace / Ada Lovelace</p><a href="https://app.example/u/tok?a=1&amp;b=2">x</a>',
    );
    expect(out.unknownVariables).toEqual([]);
  });

  it("prefers the contact's own full name for {{name}}", () => {
    expect(render('{{name}}', { ...ada, name: 'Countess Lovelace' }).html).toBe('Countess Lovelace');
  });

  it("gives {{name}} the fallback 'there', and the others an empty value", () => {
    const out = render('Hi {{name}}, {{first_name}}|{{last_name}}', { email: 'x@example.com' });
    expect(out.html).toBe('Hi there, |');
  });

  it('uses an explicit fallback only when the value is empty', () => {
    expect(render('Hi {{first_name|there}}', {}).html).toBe('Hi there');
    expect(render('Hi {{ first_name | my friend }}', {}).html).toBe('Hi my friend');
    expect(render('Hi {{first_name|there}}', ada).html).toBe('Hi Ada');
    expect(render('Hi {{name|team}}', {}).html).toBe('Hi team');
    expect(render('Hi {{first_name|}}!', {}).html).toBe('Hi !');
    expect(render('Hi {{first_name}}', { firstName: '   ' }).html).toBe('Hi ');
  });

  it('HTML-escapes contact values and fallbacks in the HTML body, not in the subject or plain text', () => {
    const evil = { firstName: '<script>alert(1)</script>', lastName: 'O\'Neil & "Sons"' };
    const out = renderTemplate(
      {
        subject: 'For {{first_name}}',
        htmlBody: '<p>{{first_name}} {{last_name}} {{name|<b>}}</p>',
        plainTextBody: 'Hi {{last_name}}',
      },
      evil,
    );
    expect(out.html).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt; O&#39;Neil &amp; &quot;Sons&quot; &lt;script&gt;alert(1)&lt;/script&gt; O&#39;Neil &amp; &quot;Sons&quot;</p>',
    );
    expect(out.subject).toBe('For <script>alert(1)</script>');
    expect(out.text).toBe('Hi O\'Neil & "Sons"');
    expect(render('{{first_name|<i>x</i>}}', {}).html).toBe('&lt;i&gt;x&lt;/i&gt;');
  });

  it('leaves unknown variables visible and reports each once, as written', () => {
    const out = renderTemplate(
      { subject: 'About {{compnay}}', htmlBody: '<p>{{compnay}} {{ first name }} {{}} {{first_name}}</p>' },
      ada,
    );
    expect(out.html).toBe('<p>{{compnay}} {{ first name }} {{}} Ada</p>');
    expect(out.subject).toBe('About {{compnay}}');
    expect(out.unknownVariables).toEqual(['{{compnay}}', '{{ first name }}', '{{}}']);
  });

  it('keeps a subject on one line, whatever a contact value holds', () => {
    expect(render('x', { firstName: 'A\r\nBcc: evil@example.com' }, 'Hi {{first_name}}').subject).toBe(
      'Hi A Bcc: evil@example.com',
    );
  });

  it('renders the plain-text body when there is one, and derives it from the rendered HTML when not', () => {
    const withText = renderTemplate(
      { subject: 's', htmlBody: '<p>x</p>', plainTextBody: 'Dear {{name}}' },
      ada,
    );
    expect(withText.text).toBe('Dear Ada Lovelace');
    const derived = render(
      '<h1>Hi {{first_name}}</h1><p>Read <a href="https://x.example">this</a> &amp; more</p>',
    );
    expect(derived.text).toBe('Hi Ada\n\nRead this [https://x.example] & more');
    expect(
      renderTemplate({ subject: 's', htmlBody: '<p>{{first_name}}</p>', plainTextBody: '  ' }, ada).text,
    ).toBe('Ada');
  });
});

import { describe, expect, it } from 'vitest';
import { renderTemplate } from './render-template';
import { pickOption, spinSeedOf } from './spintax';

const contact = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  title: 'CTO',
  organizationName: 'Analytical Engines',
  city: 'London',
  state: 'England',
  country: 'United Kingdom',
  headline: 'Poet of science',
  linkedinUrl: 'https://linkedin.com/in/ada',
  website: 'https://engines.example',
  customFields: { icebreaker: 'Your notes on Bernoulli numbers', pain_point: 'on-call <fatigue>' },
};
const sender = { name: 'Grace Brewster Hopper', email: 'grace@navy.example' };

describe('personalisation: every contact field, the sender, custom fields, fallbacks and spintax', () => {
  it('fills every built-in variable and custom field', () => {
    const out = renderTemplate(
      {
        subject: '{{company}} in {{city}}',
        htmlBody:
          '{{email}}|{{title}}|{{state}}|{{country}}|{{headline}}|{{linkedin_url}}|{{website}}|{{icebreaker}}|{{pain_point}}|{{sender_name}}|{{sender_first_name}}|{{sender_email}}',
      },
      contact,
      { sender },
    );
    expect(out.subject).toBe('Analytical Engines in London');
    expect(out.html).toBe(
      'ada@example.com|CTO|England|United Kingdom|Poet of science|https://linkedin.com/in/ada|https://engines.example|Your notes on Bernoulli numbers|on-call &lt;fatigue&gt;|Grace Brewster Hopper|Grace|grace@navy.example',
    );
    expect(out.unknownVariables).toEqual([]);
    expect(out.missingVariables).toEqual([]);
  });

  it('uses a fallback for an empty field, and lists a field with neither value nor fallback as missing', () => {
    const out = renderTemplate(
      { subject: 'At {{company|your company}}', htmlBody: '{{title}}{{icebreaker|Hello}}{{pain_point}}' },
      { email: 'x@example.com', customFields: { pain_point: '  ' } },
      { customKeys: ['icebreaker', 'pain_point'] },
    );
    expect(out.subject).toBe('At your company');
    expect(out.html).toBe('Hello');
    expect(out.missingVariables).toEqual(['{{title}}', '{{pain_point}}']);
    expect(out.unknownVariables).toEqual([]);
  });

  it('gives a sequence email the fallback of a custom field this contact lacks, as the preview does', () => {
    const template = { subject: '{{first_name}}', htmlBody: '{{icebreaker|I came across your profile}}' };
    const lacking = { firstName: 'Emma', customFields: {} };
    const sent = renderTemplate(template, lacking, { customKeys: 'any' });
    const previewed = renderTemplate(template, lacking, { customKeys: ['icebreaker'] });
    expect(sent.html).toBe('I came across your profile');
    expect(sent.html).toBe(previewed.html);
    expect(sent.unknownVariables).toEqual([]);
    const noFallback = renderTemplate({ subject: '', htmlBody: '{{icebreaker}}' }, lacking, {
      customKeys: 'any',
    });
    expect(noFallback.missingVariables).toEqual(['{{icebreaker}}']);
    const malformed = renderTemplate({ subject: '', htmlBody: '{{Ice Breaker|x}}' }, lacking, {
      customKeys: 'any',
    });
    expect(malformed.unknownVariables).toEqual(['{{Ice Breaker|x}}']);
  });

  it('leaves an unknown variable as written and names it', () => {
    const out = renderTemplate({ subject: 'x {{ icebreakr }}', htmlBody: '' }, contact);
    expect(out.subject).toBe('x {{ icebreakr }}');
    expect(out.unknownVariables).toEqual(['{{ icebreakr }}']);
  });

  it('keeps line breaks of a custom field out of the subject and markup out of the HTML', () => {
    const out = renderTemplate(
      { subject: 'Re {{icebreaker}}', htmlBody: '<p>{{icebreaker}}</p>' },
      { customFields: { icebreaker: 'line one\r\nBcc: victim@example.com <script>' } },
    );
    expect(out.subject).toBe('Re line one Bcc: victim@example.com <script>');
    expect(out.html).toBe('<p>line one\r\nBcc: victim@example.com &lt;script&gt;</p>');
  });

  it('picks one spintax option per email, the same for the same enrolment and step', () => {
    const template = {
      subject: '{{random|Hi|Hello|Hey}} {{first_name}}',
      htmlBody: '<p>{{random|Hi|Hello|Hey}}</p>',
    };
    const seed = spinSeedOf('enrolment-1', 'step-1');
    const first = renderTemplate(template, contact, { spinSeed: seed });
    const again = renderTemplate(template, contact, { spinSeed: seed });
    expect(first.subject).toBe(again.subject);
    expect(['Hi Ada', 'Hello Ada', 'Hey Ada']).toContain(first.subject);
    expect(first.text).toBe(first.html.replace(/<\/?p>/g, ''));
    expect(first.unknownVariables).toEqual([]);
  });

  it('spreads the picks evenly across enrolments', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 3000; i++) {
      const pick = pickOption(['Hi', 'Hello', 'Hey'], spinSeedOf(`enrolment-${i}`, 'step-1'), 0);
      counts.set(pick, (counts.get(pick) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual(['Hello', 'Hey', 'Hi']);
    // Each of three options within 10% of a third (1000 +/- 100): far outside chance for a fair pick.
    for (const count of counts.values()) expect(Math.abs(count - 1000)).toBeLessThan(100);
  });

  it('differs between steps of one enrolment, and between two spintax blocks of one text', () => {
    const picks = new Set<string>();
    for (let i = 0; i < 20; i++)
      picks.add(pickOption(['a', 'b', 'c', 'd'], spinSeedOf('enrolment-1', `step-${i}`), 0));
    expect(picks.size).toBeGreaterThan(1);
    expect(pickOption(['only'], 'seed', 0)).toBe('only');
    expect(pickOption([], 'seed', 0)).toBe('');
  });
});

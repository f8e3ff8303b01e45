import { describe, expect, it } from 'vitest';
import { fieldForHeader } from './contact-csv';
import {
  CUSTOM_FIELD_LIMITS,
  customColumnsOf,
  customFieldKeyFromHeader,
  customFieldsOfLine,
  customFieldsSchema,
} from './custom-fields';
import { findUnknownVariablesAmong } from './template-variables';

const problems = (value: unknown) => {
  const parsed = customFieldsSchema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
};

describe('custom field keys and values', () => {
  it('keeps text values under lower-case keys, trimmed, and drops empty ones', () => {
    expect(customFieldsSchema.parse({ icebreaker: '  Loved your talk ', pain_point: '', x2: null })).toEqual({
      icebreaker: 'Loved your talk',
    });
  });

  it('refuses each limit with a message naming it', () => {
    expect(problems({ 'Pain Point': 'x' })).toEqual([
      'Custom field key "Pain Point" must start with a letter and hold only lower-case letters, digits and _',
    ]);
    expect(problems({ '1st': 'x' })[0]).toContain('must start with a letter');
    expect(problems({ [`k${'x'.repeat(40)}`]: 'x' })[0]).toContain('at most 40 characters');
    expect(problems({ company: 'Acme' })).toEqual([
      'Custom field key "company" is a built-in variable: {{company}} already has a value',
    ]);
    expect(problems({ random: 'x' })[0]).toContain('built-in');
    for (const key of ['constructor', 'toString', 'valueOf', 'hasOwnProperty'])
      expect(problems({ [key]: 'x' }), key).toEqual([
        `Custom field key "${key}" is a reserved name: every record already has a property called that`,
      ]);
    expect(problems({ note: 'x'.repeat(CUSTOM_FIELD_LIMITS.valueLength + 1) })).toEqual([
      'Custom field "note" is too long (at most 2000 characters)',
    ]);
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v']));
    expect(problems(many)).toEqual(['At most 50 custom fields a contact']);
    expect(problems({ note: 3 })).toEqual(['Custom field values must be text']);
    expect(problems(['x'])).toEqual(['Custom fields must be an object of text values']);
  });

  it('turns CSV headers into keys: accents folded, punctuation as _, never a built-in name', () => {
    expect(customFieldKeyFromHeader('Pain Point')).toBe('pain_point');
    expect(customFieldKeyFromHeader('  Société Générale (HQ) ')).toBe('societe_generale_hq');
    expect(customFieldKeyFromHeader('Straße')).toBe('strasse');
    expect(customFieldKeyFromHeader('2024 Revenue')).toBe('csv_2024_revenue');
    expect(customFieldKeyFromHeader('Sender Name')).toBe('csv_sender_name');
    expect(customFieldKeyFromHeader('Website')).toBe('csv_website');
    expect(customFieldKeyFromHeader('Constructor')).toBe('csv_constructor');
    expect(customFieldKeyFromHeader('__proto__')).toBe('proto');
    expect(customFieldKeyFromHeader('¿?')).toBeNull();
    expect(customFieldKeyFromHeader('x'.repeat(60))).toHaveLength(40);
  });

  it('makes every unmapped CSV column a custom field, with distinct keys', () => {
    const headers = ['Email', 'Icebreaker', 'Pain point', 'Pain-Point', 'Company', ''];
    const columns = customColumnsOf(headers, (h) => fieldForHeader(h) !== null);
    expect(columns).toEqual([
      { index: 1, header: 'Icebreaker', key: 'icebreaker' },
      { index: 2, header: 'Pain point', key: 'pain_point' },
      { index: 3, header: 'Pain-Point', key: 'pain_point_2' },
    ]);
    expect(customFieldsOfLine(['a@b.co', ' Hi ', '', 'Churn'], columns)).toEqual({
      icebreaker: 'Hi',
      pain_point_2: 'Churn',
    });
    expect(customFieldsOfLine(['a@b.co', '', ''], columns)).toBeUndefined();
  });

  it('knows the custom keys it is given when looking for unknown variables', () => {
    const texts = ['{{company}} {{icebreaker}} {{ icebreakr }} {{random|a|b}}'];
    expect(findUnknownVariablesAmong(['icebreaker'], texts)).toEqual(['{{ icebreakr }}']);
  });
});

import { describe, expect, it } from 'vitest';
import { answerVariables } from './answer-variables';

describe('answerVariables', () => {
  it('gives each variable the value it will be sent with', () => {
    const values = { first_name: 'Emma', last_name: 'King', name: 'Dr. Emma King', company: 'Acme' };
    expect(
      answerVariables(
        'Hi {{first_name}} {{last_name}}, {{name}} at {{company}}; {{first_name}} {{compnay}}',
        values,
      ),
    ).toEqual([
      { raw: '{{first_name}}', name: 'first_name', value: 'Emma' },
      { raw: '{{last_name}}', name: 'last_name', value: 'King' },
      { raw: '{{name}}', name: 'name', value: 'Dr. Emma King' },
      { raw: '{{company}}', name: 'company', value: 'Acme' },
    ]);
  });

  it('uses the fallback of an empty variable, and marks one without a fallback as empty', () => {
    expect(answerVariables('{{first_name|there}} {{last_name}} {{name}} {{last_name|}}', {})).toEqual([
      { raw: '{{first_name|there}}', name: 'first_name', value: 'there' },
      { raw: '{{last_name}}', name: 'last_name', value: null },
      { raw: '{{name}}', name: 'name', value: 'there' },
      { raw: '{{last_name|}}', name: 'last_name', value: '' },
    ]);
    expect(answerVariables('{{unsubscribe_url}}', { first_name: 'Emma' })[0]?.value).toBeNull();
  });

  it("fills a custom field from the contact's values, and marks a custom key the contact lacks as empty", () => {
    const values = { icebreaker: 'Loved your talk' };
    expect(
      answerVariables('{{icebreaker}} {{pain_point}} {{pain_point|}} {{other}}', values, ['pain_point']),
    ).toEqual([
      { raw: '{{icebreaker}}', name: 'icebreaker', value: 'Loved your talk' },
      { raw: '{{pain_point}}', name: 'pain_point', value: null },
      { raw: '{{pain_point|}}', name: 'pain_point', value: '' },
    ]);
  });

  it('gives a custom key named like an object property only the contact’s own value', () => {
    expect(
      answerVariables('{{constructor}} {{constructor|friend}}', { first_name: 'Emma' }, ['constructor']),
    ).toEqual([
      { raw: '{{constructor}}', name: 'constructor', value: null },
      { raw: '{{constructor|friend}}', name: 'constructor', value: 'friend' },
    ]);
  });
});

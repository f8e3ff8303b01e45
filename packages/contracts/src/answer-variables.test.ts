import { describe, expect, it } from 'vitest';
import { answerVariables } from './answer-variables';

describe('answerVariables', () => {
  it('gives each variable the value it will be sent with', () => {
    const contact = { firstName: 'Emma', lastName: 'King', name: 'Dr. Emma King' };
    expect(
      answerVariables('Hi {{first_name}} {{last_name}}, {{name}}; {{first_name}} {{compnay}}', contact),
    ).toEqual([
      { raw: '{{first_name}}', name: 'first_name', value: 'Emma' },
      { raw: '{{last_name}}', name: 'last_name', value: 'King' },
      { raw: '{{name}}', name: 'name', value: 'Dr. Emma King' },
    ]);
  });

  it('uses the fallback of an empty variable, and marks one without a fallback as empty', () => {
    expect(answerVariables('{{first_name|there}} {{last_name}} {{name}} {{last_name|}}', {})).toEqual([
      { raw: '{{first_name|there}}', name: 'first_name', value: 'there' },
      { raw: '{{last_name}}', name: 'last_name', value: null },
      { raw: '{{name}}', name: 'name', value: 'there' },
      { raw: '{{last_name|}}', name: 'last_name', value: '' },
    ]);
    expect(answerVariables('{{unsubscribe_url}}', { firstName: 'Emma' })[0]?.value).toBeNull();
  });
});

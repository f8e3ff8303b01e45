import { describe, expect, it } from 'vitest';
import { returnDateOf } from './return-date';

const received = new Date('2026-11-23T10:00:00Z');
const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

describe('returnDateOf', () => {
  it.each([
    ['I am out of the office and back on 2 December.', '2026-12-02'],
    ['Away until December 2nd, with limited access to email.', '2026-12-02'],
    ['Je suis absente, de retour le 2 décembre.', '2026-12-02'],
    ['Ich bin im Urlaub und ab dem 02.12. wieder im Büro. Zurück am 02.12.', '2026-12-02'],
    ['Estoy de vacaciones hasta el 2 de diciembre.', '2026-12-02'],
    ['Tôi vắng mặt, sẽ trở lại vào ngày 2 tháng 12.', '2026-12-02'],
    ['12月2日に戻ります。', '2026-12-02'],
    ['I return on 2027-01-04.', '2027-01-04'],
    ['Back on 5 January.', '2027-01-05'],
  ])('%s', (text, expected) => {
    expect(returnDateOf(text, received)).toEqual(day(expected));
  });

  it('a date without a return word, or one already past, is not a return date', () => {
    expect(returnDateOf('Our offices were founded on 2 December 1999.', received)).toBeNull();
    expect(returnDateOf('I was away until 2020-01-01.', received)).toBeNull();
    expect(returnDateOf('I am out of the office with limited access to email.', received)).toBeNull();
  });
});

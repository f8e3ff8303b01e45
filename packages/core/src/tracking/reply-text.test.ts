import { describe, expect, it } from 'vitest';
import { replyTextOf } from './reply-text';

describe('replyTextOf', () => {
  it.each([
    [
      'Sounds good.\n\nOn Mon, 16 Nov 2026 at 17:00, Alex <alex@example.com> wrote:\n> Hi Jamie',
      'Sounds good.',
    ],
    ['Sounds good.\n\nOn Mon, 16 Nov 2026 at 17:00, Alex\n<alex@example.com> wrote:\n> Hi', 'Sounds good.'],
    ["D'accord.\n\nLe lun. 16 nov. 2026 à 17:00, Alex a écrit :\n> Bonjour", "D'accord."],
    ['Gerne.\n\nAm 16.11.2026 um 17:00 schrieb Alex:\n> Hallo', 'Gerne.'],
    ['Vale.\n\nEl lun, 16 nov 2026 a las 17:00, Alex escribió:\n> Hola', 'Vale.'],
    ['Yes.\n\n-----Original Message-----\nFrom: Alex\nSent: Monday', 'Yes.'],
    ['Yes.\n\nFrom: Alex <alex@example.com>\nSent: Monday, November 16, 2026', 'Yes.'],
    ['Call me Friday.\n\n-- \nJamie Rivera\nHead of Sales', 'Call me Friday.'],
    ['Call me Friday.\n\nSent from my iPhone', 'Call me Friday.'],
  ])('%j', (text, expected) => {
    expect(replyTextOf(text)).toBe(expected);
  });

  it('keeps a message that is all quote rather than showing nothing', () => {
    expect(replyTextOf('> only a quote')).toBe('> only a quote');
  });
});

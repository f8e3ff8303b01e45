import { describe, expect, it } from 'vitest';
import { splitFullName, withNameParts } from './contact-names';

describe('splitFullName', () => {
  it.each([
    ['Emma King', 'Emma', 'King'],
    ['Dr. Emma van der Berg', 'Emma', 'van der Berg'],
    ['Ludwig van Beethoven', 'Ludwig', 'van Beethoven'],
    ['Jean-Luc Picard Jr.', 'Jean-Luc', 'Picard'],
    ['John Smith III', 'John', 'Smith'],
    ['Mr. John Q. Public', 'John', 'Public'],
    ["Zoë O'Brien", 'Zoë', "O'Brien"],
    ['King, Emma', 'Emma', 'King'],
    ['emma king', 'emma', 'king'],
    ['Maria José de la Cruz García', 'Maria José', 'de la Cruz García'],
    ['María José de la Cruz', 'María José', 'de la Cruz'],
    ['Anna Maria van der Berg', 'Anna Maria', 'van der Berg'],
    ['Johann Sebastian Bach', 'Johann Sebastian', 'Bach'],
    ['Juan del Río Pérez', 'Juan', 'del Río Pérez'],
    ['Ursula von der Leyen', 'Ursula', 'von der Leyen'],
    ['Leonardo di ser Piero da Vinci', 'Leonardo', 'di ser Piero da Vinci'],
    ['Ana dos Santos', 'Ana', 'dos Santos'],
    ['Marine Le Pen', 'Marine', 'Le Pen'],
    ['Ahmed bin Rashid al Maktoum', 'Ahmed', 'bin Rashid al Maktoum'],
    ['García, Maria José', 'Maria José', 'García'],
  ])('%s is %s / %s', (name, firstName, lastName) => {
    expect(splitFullName(name)).toEqual({ firstName, lastName });
  });

  it('takes a single word as a first name', () => {
    expect(splitFullName('Madonna')).toEqual({ firstName: 'Madonna', lastName: null });
    expect(splitFullName('  Emma ')).toEqual({ firstName: 'Emma', lastName: null });
  });

  it('leaves empty names and email addresses alone', () => {
    expect(splitFullName(null)).toBeNull();
    expect(splitFullName('   ')).toBeNull();
    expect(splitFullName('emma@example.com')).toBeNull();
  });
});

describe('withNameParts', () => {
  it('splits the full name when neither first nor last name is given', () => {
    expect(withNameParts({ email: 'e@x.io', name: 'Emma King', firstName: null, lastName: null })).toEqual({
      email: 'e@x.io',
      name: 'Emma King',
      firstName: 'Emma',
      lastName: 'King',
    });
  });

  it('keeps a first or last name that was given', () => {
    const given = { name: 'Emma King', firstName: 'Em', lastName: null };
    expect(withNameParts(given)).toBe(given);
    const onlyLast = { name: 'Emma King', lastName: 'K.' };
    expect(withNameParts(onlyLast)).toBe(onlyLast);
  });
});

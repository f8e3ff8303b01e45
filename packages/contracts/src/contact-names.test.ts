import { describe, expect, it } from 'vitest';
import { splitFullName, withNameParts } from './contact-names';

describe('splitFullName', () => {
  it.each([
    ['Emma King', 'Emma', 'King'],
    ['Dr. Emma van der Berg', 'Emma', 'van der Berg'],
    ['Ludwig van Beethoven', 'Ludwig', 'van Beethoven'],
    ['María José de la Cruz', 'María', 'de la Cruz'],
    ['Jean-Luc Picard Jr.', 'Jean-Luc', 'Picard'],
    ['John Smith III', 'John', 'Smith'],
    ['Mr. John Q. Public', 'John', 'Public'],
    ["Zoë O'Brien", 'Zoë', "O'Brien"],
    ['King, Emma', 'Emma', 'King'],
    ['emma king', 'emma', 'king'],
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

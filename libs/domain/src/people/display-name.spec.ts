import { describe, expect, it } from '@jest/globals';
import { displayName, fullName, initials, isPlaceholderName } from './display-name.js';

describe('displayName', () => {
  it('shows first and last name', () => {
    expect(displayName({ username: 'ana', firstName: 'Ana', lastName: 'Silva' })).toBe('Ana Silva');
  });

  it('shows a single name without stray spaces', () => {
    expect(displayName({ username: 'cher', firstName: ' Cher ', lastName: '' })).toBe('Cher');
  });

  it.each([
    ['Example', 'Com'],
    ['Example', 'Example'],
    ['Example', 'User'],
    ['Test', 'Example'],
  ])('shows the username instead of the placeholder name "%s %s"', (firstName, lastName) => {
    expect(displayName({ username: 'ana.s', firstName, lastName, email: 'ana@example.com' })).toBe('ana.s');
  });

  it('shows the part of the e-mail before the @ when a placeholder account has no username', () => {
    expect(displayName({ firstName: 'Example', lastName: 'User', email: 'ana.silva@acme.com' })).toBe(
      'ana.silva',
    );
  });

  it('falls back to the username, then the e-mail, then "User" when names are empty', () => {
    expect(displayName({ username: 'ana', firstName: '', lastName: ' ' })).toBe('ana');
    expect(displayName({ firstName: null, email: 'ben@acme.com' })).toBe('ben');
    expect(displayName({})).toBe('User');
    expect(displayName({ username: ' ', email: '' })).toBe('User');
  });
});

describe('initials', () => {
  it('takes the first letters of first and last name, in capitals', () => {
    expect(initials({ firstName: 'ana', lastName: 'silva' })).toBe('AS');
  });

  it('takes one letter when there is only one name', () => {
    expect(initials({ firstName: 'Cher' })).toBe('C');
    expect(initials({ lastName: 'Prince' })).toBe('P');
  });

  it('keeps accented letters whole', () => {
    expect(initials({ firstName: 'Élodie', lastName: 'Ødegaard' })).toBe('ÉØ');
  });

  it('shows "LI" for placeholder names and for a first name holding an e-mail address', () => {
    expect(initials({ firstName: 'Example', lastName: 'Com' })).toBe('LI');
    expect(initials({ firstName: 'ana@acme.com', lastName: '' })).toBe('LI');
  });

  it('takes the first letter of the e-mail when there are no names', () => {
    expect(initials({ email: 'ben@acme.com' })).toBe('B');
  });

  it('shows "U" as the last resort', () => {
    expect(initials({})).toBe('U');
    expect(initials({ firstName: ' ', lastName: '', email: '' })).toBe('U');
  });
});

describe('isPlaceholderName', () => {
  it('does not take real names for placeholders', () => {
    expect(isPlaceholderName('Ana', 'Test')).toBe(false);
    expect(isPlaceholderName('User', '')).toBe(false);
    expect(isPlaceholderName('', '')).toBe(false);
  });
});

describe('fullName', () => {
  it('joins the names of a connection', () => {
    expect(fullName({ firstName: 'Ana', lastName: 'Silva' })).toBe('Ana Silva');
    expect(fullName({ firstName: '', lastName: 'Silva' })).toBe('Silva');
  });
});

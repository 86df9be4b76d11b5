import { describe, expect, it } from '@jest/globals';
import { isReservedUsername, usernameKey, USERNAME_PATTERN } from './username.js';

describe('usernameKey', () => {
  it('treats names that differ only in case or width as the same account', () => {
    expect(usernameKey('Ana.Silva')).toBe(usernameKey('ana.silva'));
    expect(usernameKey('ａｎａ')).toBe('ana');
  });

  it('ignores zero-width characters hidden inside a name', () => {
    expect(usernameKey('an\u200Ba')).toBe('ana');
  });
});

describe('isReservedUsername', () => {
  it.each([
    'admin',
    'Admin',
    'ADMIN',
    ' admin ',
    'ad min',
    'ａｄｍｉｎ', // full-width
    'аdmin', // Cyrillic a
    'admіn', // Cyrillic i
    'adm\u200Bin', // zero-width space
    'admín', // accent
    'adm1n',
    'a.d.m.i.n',
    'Administrator',
  ])('refuses %j', (name) => {
    expect(isReservedUsername(name)).toBe(true);
  });

  it.each(['adminton', 'madmin', 'ana', 'badminton'])('allows the ordinary name %j', (name) => {
    expect(isReservedUsername(name)).toBe(false);
  });
});

describe('USERNAME_PATTERN', () => {
  it('accepts letters of any script, digits, dot, underscore and hyphen', () => {
    expect(USERNAME_PATTERN.test('josé_92')).toBe(true);
    expect(USERNAME_PATTERN.test('анна-k')).toBe(true);
  });

  it('refuses spaces, markup and symbols', () => {
    expect(USERNAME_PATTERN.test('ana silva')).toBe(false);
    expect(USERNAME_PATTERN.test('<b>ana')).toBe(false);
  });
});

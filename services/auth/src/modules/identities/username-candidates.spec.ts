import { describe, expect, it } from '@jest/globals';
import { isReservedUsername, USERNAME_PATTERN } from '../users/username.js';
import { deriveUsernameBase, toUsernameBase, usernameCandidates } from './username-candidates.js';

const profile = (fields: Partial<Parameters<typeof deriveUsernameBase>[0]>) => ({
  preferredUsername: null,
  email: null,
  firstName: null,
  lastName: null,
  ...fields,
});

describe('deriveUsernameBase', () => {
  it('prefers the provider username, then the e-mail local part, then the name', () => {
    expect(deriveUsernameBase(profile({ preferredUsername: 'octocat', email: 'cat@example.com' }))).toBe(
      'octocat',
    );
    expect(deriveUsernameBase(profile({ email: 'ana.silva@example.com', firstName: 'Ana' }))).toBe(
      'ana.silva',
    );
    expect(deriveUsernameBase(profile({ firstName: 'Ana', lastName: 'Silva Costa' }))).toBe(
      'Ana.Silva.Costa',
    );
  });

  it('never takes an admin look-alike from the provider, whatever field it comes from', () => {
    expect(deriveUsernameBase(profile({ preferredUsername: 'Admin', email: 'ana@example.com' }))).toBe('ana');
    expect(
      deriveUsernameBase(
        profile({ preferredUsername: 'аdmin', email: 'ad.min@example.com', firstName: 'Ana' }),
      ),
    ).toBe('Ana');
    expect(deriveUsernameBase(profile({ preferredUsername: 'ＡＤＭＩＮ' }))).toBe('user');
  });

  it('falls back to "user" when the profile has nothing usable', () => {
    expect(deriveUsernameBase(profile({}))).toBe('user');
    expect(
      deriveUsernameBase(profile({ preferredUsername: '!!', email: 'x@example.com', firstName: 'Al' })),
    ).toBe('user');
  });
});

describe('toUsernameBase', () => {
  it('keeps what registration accepts and drops markup, spaces and hidden characters', () => {
    expect(toUsernameBase('José María')).toBe('José.María');
    expect(toUsernameBase('<ana>')).toBe('ana');
    expect(toUsernameBase('an\u200Bna')).toBe('anna');
    expect(toUsernameBase('  --ana__--  ')).toBe('ana');
    expect(toUsernameBase('ｊｏｅ')).toBe('joe');
  });

  it('refuses names that end up shorter than three characters', () => {
    expect(toUsernameBase('a!')).toBeNull();
    expect(toUsernameBase('')).toBeNull();
    expect(toUsernameBase(null)).toBeNull();
  });

  it('leaves room for digits within the 50-character limit', () => {
    const base = toUsernameBase('x'.repeat(80));
    expect(base).toHaveLength(43);
  });

  it('always produces something registration would accept', () => {
    for (const raw of ['Zoë O’Brien', 'анна', '李小龙', 'a.b.c', 'joe@@home']) {
      const base = toUsernameBase(raw);
      if (base) expect(USERNAME_PATTERN.test(base)).toBe(true);
    }
  });
});

describe('usernameCandidates', () => {
  it('tries the base, then small numbers, then random digits', () => {
    const names = [...usernameCandidates('ana', () => 0.5)];
    expect(names.slice(0, 9)).toEqual([
      'ana',
      'ana2',
      'ana3',
      'ana4',
      'ana5',
      'ana6',
      'ana7',
      'ana8',
      'ana9',
    ]);
    expect(names[9]).toBe('ana500500');
    // The same random digits are not offered twice.
    expect(names).toHaveLength(10);
  });

  it('offers plenty of distinct names for a popular base', () => {
    let seed = 1;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const names = [...usernameCandidates('john', random)];
    expect(new Set(names).size).toBe(names.length);
    expect(names.length).toBeGreaterThan(40);
  });

  it('never yields a reserved look-alike', () => {
    for (const base of ['admi', 'adm', 'root']) {
      for (const name of usernameCandidates(base, () => 0)) expect(isReservedUsername(name)).toBe(false);
    }
  });
});

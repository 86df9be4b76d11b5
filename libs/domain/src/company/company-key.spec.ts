import { describe, expect, it } from '@jest/globals';
import { companyKey, isSharedEmployer } from './company-key.js';

describe('companyKey', () => {
  it('folds case, surrounding and repeated whitespace', () => {
    expect(companyKey('  Acme   Rockets ')).toBe('acme rockets');
    expect(companyKey('ACME ROCKETS')).toBe(companyKey('acme rockets'));
  });

  it('folds accents', () => {
    expect(companyKey('Société Générale')).toBe(companyKey('Societe Generale'));
  });

  it('folds punctuation', () => {
    expect(companyKey('Hewlett-Packard')).toBe(companyKey('Hewlett Packard'));
    expect(companyKey("McDonald's")).toBe(companyKey('McDonalds'));
  });

  it('treats "&" and "and" alike', () => {
    expect(companyKey('Johnson & Johnson')).toBe(companyKey('Johnson and Johnson'));
    expect(companyKey('AT&T')).toBe(companyKey('AT and T'));
  });

  it.each([
    'Acme Inc',
    'Acme Inc.',
    'Acme, Inc.',
    'Acme LLC',
    'Acme Ltd',
    'Acme Limited',
    'Acme GmbH',
    'Acme AG',
    'Acme SA',
    'Acme S.A.',
    'Acme BV',
    'Acme B.V.',
    'Acme PLC',
    'Acme Corp',
    'Acme Corporation',
    'Acme Co.',
    'Acme Pty Ltd',
    'Acme GmbH & Co. KG',
    'Acme Co., Ltd.',
    'Acme, N.A.',
  ])('drops the legal suffix of "%s"', (name) => {
    expect(companyKey(name)).toBe('acme');
  });

  it('never matches by substring', () => {
    expect(companyKey('Meta')).not.toBe(companyKey('Metabase'));
    expect(companyKey('Apple')).not.toBe(companyKey('Apple Bank'));
  });

  it('keeps a name that is only a legal word', () => {
    expect(companyKey('Company')).toBe('company');
    expect(companyKey('Co')).toBe('co');
  });

  it('drops legal words only at the end of the name', () => {
    expect(companyKey('AG Barr')).toBe('ag barr');
  });

  it('gives null for an empty or placeholder company', () => {
    expect(companyKey(null)).toBeNull();
    expect(companyKey(undefined)).toBeNull();
    expect(companyKey('')).toBeNull();
    expect(companyKey('   ')).toBeNull();
    expect(companyKey('None')).toBeNull();
    expect(companyKey('N/A')).toBeNull();
    expect(companyKey('--')).toBeNull();
  });
});

describe('isSharedEmployer', () => {
  it('says freelancers and the self-employed do not share an employer', () => {
    expect(isSharedEmployer(companyKey('Self-employed') ?? '')).toBe(false);
    expect(isSharedEmployer(companyKey('Freelance') ?? '')).toBe(false);
    expect(isSharedEmployer(companyKey('Stealth Startup') ?? '')).toBe(false);
  });

  it('says a real company is a shared employer', () => {
    expect(isSharedEmployer(companyKey('Acme Inc.') ?? '')).toBe(true);
  });
});

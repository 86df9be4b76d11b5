import { describe, expect, it } from '@jest/globals';
import {
  companyStemKey,
  domainAndParents,
  isFreeMailDomain,
  normaliseCompanyLinkedinUrl,
  normaliseTargetDomain,
  workEmailDomain,
} from './target-domain.js';

describe('normaliseTargetDomain', () => {
  it.each([
    ['acme.com', 'acme.com'],
    ['ACME.COM', 'acme.com'],
    ['https://www.acme.com/about', 'acme.com'],
    ['http://acme.com?utm=1', 'acme.com'],
    ['www.acme.co.uk', 'acme.co.uk'],
    ['sales@acme.com', 'acme.com'],
    ['acme.com.', 'acme.com'],
    ['eu.acme.com', 'eu.acme.com'],
  ])('reads "%s" as %s', (text, domain) => {
    expect(normaliseTargetDomain(text)).toBe(domain);
  });

  it.each([
    '',
    'Acme Inc',
    'acme',
    'localhost',
    '10.0.0.1',
    'ftp://acme.com',
    'javascript:alert(1)',
    'https://www.linkedin.com/company/acme',
  ])('gives null for "%s"', (text) => {
    expect(normaliseTargetDomain(text)).toBeNull();
  });
});

describe('normaliseCompanyLinkedinUrl', () => {
  it('canonicalises company pages in any spelling', () => {
    expect(normaliseCompanyLinkedinUrl('linkedin.com/company/acme-labs')).toBe(
      'https://www.linkedin.com/company/acme-labs',
    );
    expect(normaliseCompanyLinkedinUrl('https://uk.linkedin.com/company/Acme-Labs/about/?x=1')).toBe(
      'https://www.linkedin.com/company/acme-labs',
    );
    expect(normaliseCompanyLinkedinUrl('https://www.linkedin.com/school/stanford-university/')).toBe(
      'https://www.linkedin.com/school/stanford-university',
    );
  });

  it('gives null for a profile or another site', () => {
    expect(normaliseCompanyLinkedinUrl('https://www.linkedin.com/in/ana')).toBeNull();
    expect(normaliseCompanyLinkedinUrl('https://acme.com/company/acme')).toBeNull();
  });
});

describe('workEmailDomain', () => {
  it('gives the domain of a work address', () => {
    expect(workEmailDomain('Ana@Acme.com')).toBe('acme.com');
  });

  it('ignores free mail and non-addresses', () => {
    expect(workEmailDomain('ana@gmail.com')).toBeNull();
    expect(workEmailDomain('ana@GMAIL.COM')).toBeNull();
    expect(workEmailDomain('ana')).toBeNull();
    expect(workEmailDomain(null)).toBeNull();
    expect(isFreeMailDomain('outlook.com')).toBe(true);
    expect(isFreeMailDomain('acme.com')).toBe(false);
  });
});

describe('domainAndParents', () => {
  it('answers to parents of two labels or more, never a bare public suffix', () => {
    expect(domainAndParents('uk.acme.com')).toEqual(['uk.acme.com', 'acme.com']);
    expect(domainAndParents('acme.co.uk')).toEqual(['acme.co.uk']);
    expect(domainAndParents('acme.com')).toEqual(['acme.com']);
  });
});

describe('companyStemKey', () => {
  it('spells the company a domain or a company page names', () => {
    expect(companyStemKey('https://www.acme.com/about')).toBe('acme');
    expect(companyStemKey('acme-labs.co.uk')).toBe('acme labs');
    expect(companyStemKey('linkedin.com/company/acme-labs')).toBe('acme labs');
    expect(companyStemKey('linkedin.com/company/acme-labs-2')).toBe('acme labs');
  });

  it('gives null for free mail and one-letter stems', () => {
    expect(companyStemKey('gmail.com')).toBeNull();
    expect(companyStemKey('x.com')).toBeNull();
  });
});

import { describe, expect, it } from '@jest/globals';
import { FUNCTION_CATEGORIES } from '@warmpath/contracts';
import { functionCategory, isExecutive, positionInfo } from './function-category.js';

describe('functionCategory', () => {
  it.each([
    ['CEO & Co-Founder', 'executive'],
    ['Vice President, Engineering', 'executive'],
    ['Director of Sales', 'director'],
    ['Head of People', 'director'],
    ['General Manager', 'manager'],
    ['Account Executive', 'sales'],
    ['Sales Engineer', 'sales'],
    ['Product Marketing Manager', 'marketing'],
    ['Senior Software Engineer', 'engineering'],
    ['Engineering Manager', 'engineering'],
    ['Product Manager', 'product'],
    ['UX Designer', 'product'],
    ['Technical Recruiter', 'hr'],
    ['Office Manager', 'operations'],
    ['Project Manager', 'operations'],
    ['Financial Analyst', 'finance'],
    ['Legal Counsel', 'legal'],
    ['Management Consultant', 'consulting'],
    ['Data Scientist', 'research'],
    ['Customer Success Specialist', 'support'],
    ['Chef', 'other'],
  ])('puts "%s" in %s', (position, category) => {
    expect(functionCategory(position)).toBe(category);
  });

  it('puts an empty or missing title in other', () => {
    expect(functionCategory('')).toBe('other');
    expect(functionCategory(null)).toBe('other');
  });

  it('only ever answers one of the contract categories', () => {
    for (const position of ['', 'CTO', 'Barista', 'Staff Accountant', 'Intern']) {
      expect(FUNCTION_CATEGORIES).toContain(functionCategory(position));
    }
  });

  it('does not read "executive" in "Account Executive" or "Executive Assistant" as leadership', () => {
    expect(functionCategory('Account Executive')).toBe('sales');
    expect(functionCategory('Executive Assistant')).toBe('operations');
  });
});

describe('positionInfo', () => {
  it('carries the category and the seniority of the title', () => {
    expect(positionInfo('Senior Product Manager')).toEqual({ category: 'product', seniority: 8 });
    expect(positionInfo(null)).toEqual({ category: 'other', seniority: 3 });
  });
});

describe('isExecutive', () => {
  it.each([
    'Chief Operating Officer',
    'President',
    'Vice President of Sales',
    'VP Engineering',
    'Founder',
    'CEO & Co-Founder',
    'Managing Director',
    'Head of Growth',
    'Director, Product',
    'Board Member',
    'Principal Engineer',
    'CTO',
  ])('treats "%s" as leadership', (position) => {
    expect(isExecutive(position)).toBe(true);
  });

  it.each(['Software Engineer', 'Account Executive', 'Product Manager', 'Doctor', '', null])(
    'does not treat "%s" as leadership',
    (position) => {
      expect(isExecutive(position)).toBe(false);
    },
  );
});

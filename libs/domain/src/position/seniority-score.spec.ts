import { describe, expect, it } from '@jest/globals';
import { seniorityScore } from './seniority-score.js';

describe('seniorityScore', () => {
  it.each([
    ['Software Engineer', 3],
    ['Engineering Manager', 6],
    ['Director of Sales', 7],
    ['VP Marketing', 8],
    ['CTO', 9],
    ['CFO', 9],
    ['CEO', 10],
    ['Founder', 10],
  ])('scores "%s" as %i, the documented anchors', (position, score) => {
    expect(seniorityScore(position)).toBe(score);
  });

  it('gives the default 3 to an empty or missing title', () => {
    expect(seniorityScore('')).toBe(3);
    expect(seniorityScore(null)).toBe(3);
    expect(seniorityScore(undefined)).toBe(3);
  });

  it('reads "Vice President" as vp, not as president', () => {
    expect(seniorityScore('Vice President, Engineering')).toBe(8);
    expect(seniorityScore('President')).toBe(9);
  });

  it('scores "CEO & Co-Founder" 10 and never above', () => {
    expect(seniorityScore('CEO & Co-Founder')).toBe(10);
    expect(seniorityScore('Senior Vice President')).toBe(10);
  });

  it('adds 2 for senior or sr', () => {
    expect(seniorityScore('Senior Software Engineer')).toBe(5);
    expect(seniorityScore('Sr. Product Manager')).toBe(8);
  });

  it('adds 3 for principal or staff', () => {
    expect(seniorityScore('Principal Engineer')).toBe(6);
    expect(seniorityScore('Staff Engineer')).toBe(6);
  });

  it('subtracts 1 for junior or associate', () => {
    expect(seniorityScore('Junior Developer')).toBe(2);
    expect(seniorityScore('Associate Director')).toBe(6);
  });

  it('sets interns and trainees to 1 whatever else the title says', () => {
    expect(seniorityScore('Software Engineering Intern')).toBe(1);
    expect(seniorityScore('Senior Management Trainee')).toBe(1);
  });

  it('applies each adjustment once, however many of its words the title has', () => {
    expect(seniorityScore('Junior Associate')).toBe(2);
    expect(seniorityScore('Senior Sr Engineer')).toBe(5);
  });

  it('matches whole words only', () => {
    expect(seniorityScore('Doctor')).toBe(3);
    expect(seniorityScore('VPN Specialist')).toBe(3);
    expect(seniorityScore('Directorate Assistant')).toBe(3);
  });

  it('ignores case and accents', () => {
    expect(seniorityScore('DIRECTEUR')).toBe(3);
    expect(seniorityScore('dIrEcToR')).toBe(7);
  });

  it('scores other chiefs like cto and cfo', () => {
    expect(seniorityScore('Chief Marketing Officer')).toBe(9);
    expect(seniorityScore('COO')).toBe(9);
    expect(seniorityScore('Chief Executive Officer')).toBe(10);
  });

  it('scores board members and managing partners like other chiefs', () => {
    expect(seniorityScore('Board Member')).toBe(9);
    expect(seniorityScore('Managing Partner')).toBe(9);
  });

  it('scores "Head of" like a director', () => {
    expect(seniorityScore('Head of People')).toBe(7);
  });
});

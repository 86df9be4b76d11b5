import { describe, expect, it } from 'vitest';
import { GRAPH_COLORS } from '../../../graph';
import { LEGEND, NODE_COLORS, nodeCategory, nodeSize } from './person-style';

const person = {
  isUser: false,
  hasWorkedWith: false,
  connectionDegree: 1,
  positionInfo: { category: 'engineering', seniority: 3 },
};

describe('nodeSize', () => {
  it('gives YOU size 8 whatever the seniority', () => {
    expect(nodeSize({ ...person, isUser: true, positionInfo: { seniority: 10 } })).toBe(8);
  });

  it('grows with seniority as 2 + seniority^1.3', () => {
    expect(nodeSize({ ...person, positionInfo: { seniority: 1 } })).toBe(3);
    expect(nodeSize({ ...person, positionInfo: { seniority: 10 } })).toBeCloseTo(2 + Math.pow(10, 1.3), 6);
  });

  it('falls back to 4 when the seniority is unknown', () => {
    expect(nodeSize({ ...person, positionInfo: null })).toBe(4);
    expect(nodeSize({ ...person, positionInfo: { seniority: Number.NaN } })).toBe(4);
  });
});

describe('nodeCategory', () => {
  it('colours YOU as you even when the company is selected', () => {
    expect(nodeCategory({ ...person, isUser: true }, true)).toBe('you');
  });

  it("draws a workspace teammate as a person of the team, whatever their job, at your node's size", () => {
    const teammate = { ...person, isTeammate: true, positionInfo: { category: 'executive', seniority: 9 } };
    expect(nodeCategory(teammate, true)).toBe('teammate');
    expect(nodeSize(teammate)).toBe(nodeSize({ ...person, isUser: true }));
  });

  it('prefers the selected company over a past colleague and an executive', () => {
    expect(
      nodeCategory({ ...person, hasWorkedWith: true, positionInfo: { category: 'executive' } }, true),
    ).toBe('selectedCompany');
  });

  it('marks past colleagues before executives', () => {
    expect(
      nodeCategory({ ...person, hasWorkedWith: true, positionInfo: { category: 'executive' } }, false),
    ).toBe('pastColleague');
    expect(nodeCategory({ ...person, positionInfo: { category: 'executive' } }, false)).toBe('executive');
  });

  it('falls back to the degree, counting 3 and above as third', () => {
    expect(nodeCategory(person, false)).toBe('first');
    expect(nodeCategory({ ...person, connectionDegree: 2 }, false)).toBe('second');
    expect(nodeCategory({ ...person, connectionDegree: 3 }, false)).toBe('third');
  });
});

describe('legend', () => {
  it('shows YOU and the selected company in the colours the engine draws them in', () => {
    expect(NODE_COLORS.you).toBe(GRAPH_COLORS.anchor);
    expect(LEGEND.find((entry) => entry.category === 'selectedCompany')?.color).toBe(
      GRAPH_COLORS.selectedGroup,
    );
  });
});

import { cleanup, render, screen, within } from '@testing-library/react';
import { HIDDEN_KNOWER } from '@warmpath/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestConnection } from '../../lib/testing/connections.testing';
import { KnownBySection } from './known-by-section';

const ana = buildTestConnection({
  id: 'u2',
  userId: 2,
  firstName: 'Ana',
  lastName: 'Names',
  isTeammate: true,
});
const cleo = buildTestConnection({
  id: 'u3',
  userId: 3,
  firstName: 'Cleo',
  lastName: 'Counts',
  isTeammate: true,
});
const teammates = new Map([
  [2, ana],
  [3, cleo],
]);

afterEach(cleanup);

describe('KnownBySection', () => {
  it('counts a teammate on counts only without naming them', () => {
    const ben = buildTestConnection({ id: '10', firstName: 'Ben', knownBy: [2, HIDDEN_KNOWER] });
    render(<KnownBySection person={ben} viewerId={1} teammates={teammates} />);
    expect(screen.getByText('Known by 2 teammates')).toBeTruthy();
    const tags = within(screen.getByRole('list', { name: 'Teammates who know this person' }));
    expect(tags.getAllByRole('listitem').map((tag) => tag.textContent)).toEqual(['Ana Names', 'A teammate']);
    expect(screen.queryByText(/Cleo/)).toBeNull();
  });

  it('names you first and each named teammate', () => {
    const ben = buildTestConnection({ id: '10', firstName: 'Ben', knownBy: [1, 2, 3] });
    render(<KnownBySection person={ben} viewerId={1} teammates={teammates} />);
    expect(screen.getByText('Known by 2 teammates and you')).toBeTruthy();
    const tags = within(screen.getByRole('list', { name: 'Teammates who know this person' }));
    expect(tags.getAllByRole('listitem').map((tag) => tag.textContent)).toEqual([
      'You',
      'Ana Names',
      'Cleo Counts',
    ]);
  });
});

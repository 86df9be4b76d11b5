import { cleanup, screen, within } from '@testing-library/react';
import type { IntroStats } from '@warmpath/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithApp, stubServer } from '../../lib/testing/app.testing';
import { WorkspaceIntrosPanel } from './workspace-intros-panel';

const stats: IntroStats = {
  teamId: 5,
  month: '2026-03',
  requestsThisMonth: 4,
  acceptanceRate: 0.75,
  medianHoursToAnswer: 5.4,
  meetings: 2,
  members: [
    { userId: 1, name: 'Maya Chen', asked: 3, answered: 0, made: 0 },
    { userId: 2, name: 'Ben Ode', asked: 1, answered: 3, made: 2 },
  ],
  unnamed: { answered: 1, made: 0 },
};
const SLOW = { timeout: 10_000 };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// A first antd render in jsdom on a loaded 2-core machine takes seconds.
describe('the Intros panel', { timeout: 40_000 }, () => {
  it("shows the workspace's figures and each member's asks, answers and intros", async () => {
    stubServer({ 'GET /api/teams/5/intro-stats': () => json(200, stats) });
    renderWithApp(<WorkspaceIntrosPanel teamId={5} />);
    expect((await screen.findByLabelText('Requests this month', {}, SLOW)).textContent).toContain('4');
    expect(screen.getByLabelText('Acceptance rate').textContent).toContain('75%');
    expect(screen.getByLabelText('Median time to answer').textContent).toContain('5 h');
    expect(screen.getByLabelText('Led to a meeting').textContent).toContain('2');
    const ben = screen.getByText('Ben Ode').closest('tr') as HTMLElement;
    expect(
      within(ben)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Ben Ode', '1', '3', '2']);
    expect(screen.getByText('Teammates who share only counts answered 1 and made 0.')).toBeTruthy();
  });

  it('shows dashes before anyone answered', async () => {
    stubServer({
      'GET /api/teams/5/intro-stats': () =>
        json(200, {
          ...stats,
          requestsThisMonth: 0,
          acceptanceRate: null,
          medianHoursToAnswer: null,
          meetings: 0,
          unnamed: { answered: 0, made: 0 },
        }),
    });
    renderWithApp(<WorkspaceIntrosPanel teamId={5} />);
    expect((await screen.findByLabelText('Acceptance rate', {}, SLOW)).textContent).toContain('—');
    expect(screen.getByLabelText('Median time to answer').textContent).toContain('—');
    expect(screen.queryByText(/share only counts/)).toBeNull();
  });
});

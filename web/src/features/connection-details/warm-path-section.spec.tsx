import { cleanup, render, screen, within } from '@testing-library/react';
import type { WarmPathHopView, WarmPathView } from '@warmpath/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { WarmPathSection } from './warm-path-section';

afterEach(cleanup);

const hop = (overrides: Partial<WarmPathHopView>): WarmPathHopView => ({
  fromId: 'u1',
  toId: '12',
  warmth: 0.9,
  explanation: 'You know Ana Silva (6 years)',
  kind: 'knows',
  linkId: 'l1',
  yearsConnected: 6,
  workedTogether: false,
  sharedCompany: null,
  sameFunction: false,
  ...overrides,
});

const pathOf = (hops: WarmPathHopView[]): WarmPathView => ({
  found: true,
  fromId: 'u1',
  toId: '14',
  warmth: 0.62,
  nodes: [],
  links: [],
  hops,
  version: '1',
});

describe('WarmPathSection', () => {
  it("shows each hop's explanation, its band and the rest of the relationship with its sources", () => {
    render(
      <WarmPathSection
        isLoading={false}
        error={undefined}
        path={pathOf([
          hop({
            warmth: 0.86,
            explanation: 'You exchanged 48 messages with Ana Silva, the last 12 days ago',
            band: 'strong',
            relationship: [
              {
                text: 'You exchanged 48 messages with Ana Silva, the last 12 days ago',
                source: 'messages.csv',
              },
              { text: 'Ana Silva recommended you in 2023', source: 'Recommendations_Received.csv' },
            ],
          }),
          hop({
            fromId: '12',
            toId: '14',
            warmth: 0.72,
            explanation: 'Ana Silva knows Ben Ode (3 years)',
            band: 'medium',
            relationship: [],
          }),
          hop({
            fromId: '14',
            toId: '15',
            warmth: 0.5,
            kind: 'company',
            explanation: 'Ben Ode and Cy Po both work at Acme',
          }),
        ])}
      />,
    );
    const steps = within(screen.getByLabelText('Path hops'));
    const first = steps
      .getByText('You exchanged 48 messages with Ana Silva, the last 12 days ago')
      .closest('.ant-steps-item');
    expect(first).toBeTruthy();
    expect(within(first as HTMLElement).getByLabelText('Tie strength: Strong')).toBeTruthy();
    expect(within(first as HTMLElement).getByText('Warmth 86%')).toBeTruthy();
    expect(
      within(first as HTMLElement).getByText(
        'Ana Silva recommended you in 2023 (Recommendations_Received.csv)',
      ),
    ).toBeTruthy();
    // The explanation is not said twice.
    expect(steps.getAllByText(/You exchanged 48 messages/)).toHaveLength(1);
    const second = steps
      .getByText('Ana Silva knows Ben Ode (3 years)')
      .closest('.ant-steps-item') as HTMLElement;
    expect(within(second).getByLabelText('Tie strength: Medium')).toBeTruthy();
    const third = steps
      .getByText('Ben Ode and Cy Po both work at Acme')
      .closest('.ant-steps-item') as HTMLElement;
    expect(within(third).queryByLabelText(/Tie strength/)).toBeNull();
    expect(within(third).getByText('Warmth 50%')).toBeTruthy();
  });

  it('says when no path was found, and shows the error when the search failed', () => {
    render(<WarmPathSection isLoading={false} error={undefined} path={{ ...pathOf([]), found: false }} />);
    expect(screen.getByText('No introduction path to this person was found in your network.')).toBeTruthy();
    cleanup();
    render(
      <WarmPathSection
        isLoading={false}
        error={{ status: 503, data: { message: 'Paths are busy' } }}
        path={undefined}
      />,
    );
    expect(screen.getByText('Paths are busy')).toBeTruthy();
  });
});

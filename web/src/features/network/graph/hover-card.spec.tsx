import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestConnection } from '../../../lib/testing/connections.testing';
import { HoverCard } from './hover-card';

afterEach(cleanup);

describe('HoverCard', () => {
  it('shows initials, name, role, degree, real company numbers and the hint', () => {
    const person = buildTestConnection({
      firstName: 'Ana',
      lastName: 'Silva',
      position: 'Engineer',
      company: 'Acme',
      connectionDegree: 2,
    });
    render(<HoverCard ref={null} person={person} colleagues={4} />);
    expect(screen.getByText('AS')).toBeTruthy();
    expect(screen.getByText('Ana Silva')).toBeTruthy();
    expect(screen.getByText('Engineer at Acme')).toBeTruthy();
    expect(screen.getByText('2nd degree connection')).toBeTruthy();
    expect(screen.getByText('4 other connections work here')).toBeTruthy();
    expect(screen.getByText('Click for more details')).toBeTruthy();
  });

  it('counts the teammates who also know the person', () => {
    render(<HoverCard ref={null} person={buildTestConnection({ knownBy: [1, 2, 3] })} colleagues={0} />);
    expect(screen.getByText('Also known by 2 teammates')).toBeTruthy();
  });

  it('in a workspace counts the members who know the person other than you', () => {
    const onlyTeammates = buildTestConnection({ userId: 2, connectionDegree: 2, knownBy: [2, 3] });
    const { rerender } = render(<HoverCard ref={null} person={onlyTeammates} colleagues={0} viewerId={1} />);
    expect(screen.getByText('Known by 2 teammates')).toBeTruthy();
    rerender(
      <HoverCard ref={null} person={buildTestConnection({ knownBy: [1, 3] })} colleagues={0} viewerId={1} />,
    );
    expect(screen.getByText('Also known by 1 teammate')).toBeTruthy();
    rerender(
      <HoverCard ref={null} person={buildTestConnection({ knownBy: [1] })} colleagues={0} viewerId={1} />,
    );
    expect(screen.queryByText(/known by/i)).toBeNull();
  });

  it('renders names as text, never as markup', () => {
    render(
      <HoverCard
        ref={null}
        person={buildTestConnection({ firstName: '<img src=x onerror=alert(1)>', lastName: '' })}
        colleagues={0}
      />,
    );
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeTruthy();
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });

  it('is hidden when nobody is hovered', () => {
    const { container } = render(<HoverCard ref={null} person={null} colleagues={0} />);
    expect((container.firstChild as HTMLElement).style.display).toBe('none');
  });
});

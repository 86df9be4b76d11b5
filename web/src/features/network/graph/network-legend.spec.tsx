import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NetworkLegend } from './network-legend';

afterEach(cleanup);

describe('NetworkLegend', () => {
  it('explains that a thicker line is a stronger relationship, with a thin and a thick sample', () => {
    render(<NetworkLegend />);
    expect(screen.getByText('Line: thicker = stronger relationship')).toBeTruthy();
    const weak = screen.getByTestId('legend-line-weak');
    const strong = screen.getByTestId('legend-line-strong');
    expect(parseFloat(strong.style.height)).toBeGreaterThan(parseFloat(weak.style.height) * 2);
    expect(screen.getByText('Weak')).toBeTruthy();
    expect(screen.getByText('Strong')).toBeTruthy();
  });

  it('hides the line widths with the rest when collapsed', () => {
    render(<NetworkLegend />);
    fireEvent.click(screen.getByRole('button', { name: /Network Legend/ }));
    expect(screen.queryByText('Line: thicker = stronger relationship')).toBeNull();
  });
});

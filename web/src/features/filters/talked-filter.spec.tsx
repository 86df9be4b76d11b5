import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TalkedFilter } from './talked-filter';

afterEach(cleanup);

const toggle = () =>
  screen.getByRole('switch', { name: 'Talked in the last 12 months' }) as HTMLButtonElement;

describe('TalkedFilter', () => {
  it('turns the filter on and off', () => {
    const onChange = vi.fn();
    render(<TalkedFilter on={false} hasArchive onChange={onChange} />);
    fireEvent.click(toggle());
    expect(onChange).toHaveBeenCalledWith(true, expect.anything());
    expect(screen.queryByText(/Import your LinkedIn archive/)).toBeNull();
  });

  it('cannot be turned on without an archive, and says why; one left on can be turned off', () => {
    const onChange = vi.fn();
    render(<TalkedFilter on={false} hasArchive={false} onChange={onChange} />);
    expect(toggle().disabled).toBe(true);
    expect(
      screen.getByText('Import your LinkedIn archive with its messages to use this filter.'),
    ).toBeTruthy();
    cleanup();
    render(<TalkedFilter on hasArchive={false} onChange={onChange} />);
    fireEvent.click(toggle());
    expect(onChange).toHaveBeenCalledWith(false, expect.anything());
  });
});

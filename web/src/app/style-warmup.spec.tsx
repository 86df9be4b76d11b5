import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Providers } from './providers';
import { StyleWarmup } from './style-warmup';

/** The text of every style element antd has put in the page. */
const pageStyles = () => [...document.head.querySelectorAll('style')].map((s) => s.textContent).join('\n');

describe('StyleWarmup', () => {
  afterEach(cleanup);

  it('puts the styles of the kinds the network screens use into the page, showing nothing', async () => {
    expect(pageStyles()).not.toContain('.ant-table');
    render(
      <Providers>
        <StyleWarmup />
      </Providers>,
    );
    // One kind per idle moment: the last ones (a closed modal, a table) arrive after the first.
    // Each kind is an antd render in jsdom: on a loaded 2-core machine the lot took over 10 s.
    await waitFor(
      () => {
        const styles = pageStyles();
        expect(styles).toContain('.ant-card');
        expect(styles).toContain('.ant-table');
        expect(styles).toContain('.ant-modal');
        expect(styles).toContain('.ant-collapse');
      },
      { timeout: 30_000 },
    );
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByTestId('style-warmup').style.display).toBe('none');
  }, 40_000);
});

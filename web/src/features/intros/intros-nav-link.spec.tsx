import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithApp, stubServer } from '../../lib/testing/app.testing';
import { IntrosNavLink } from './intros-nav-link';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// A first antd render in jsdom on a loaded 2-core machine takes seconds.
describe('the Intros link in the top bar', { timeout: 40_000 }, () => {
  it('counts the requests waiting for you', async () => {
    stubServer({ 'GET /api/intros/summary': () => json(200, { awaitingMe: 3, unread: 1 }) });
    renderWithApp(<IntrosNavLink />);
    expect(
      (await screen.findByRole('link', { name: 'Intros, 3 waiting for you' })).getAttribute('href'),
    ).toBe('/intros');
    expect(screen.getByText('3')).toBeTruthy();
  });

  it('shows no count when nothing waits', async () => {
    const fetchMock = stubServer({
      'GET /api/intros/summary': () => json(200, { awaitingMe: 0, unread: 0 }),
    });
    renderWithApp(<IntrosNavLink />);
    await vi.waitFor(() => expect(fetchMock.mock.calls.some(([r]) => r.url.endsWith('/summary'))).toBe(true));
    expect(screen.getByRole('link', { name: 'Intros' })).toBeTruthy();
    expect(document.querySelector('.ant-badge-count')).toBeNull();
  });
});

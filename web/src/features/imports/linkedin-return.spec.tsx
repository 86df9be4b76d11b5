import { cleanup, screen } from '@testing-library/react';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithApp, stubServer } from '../../lib/testing/app.testing';
import { buildTestNetwork } from '../../lib/testing/connections.testing';
import { LINKEDIN_IMPORT_FLAG, linkedinReturnCount, useLinkedinReturn } from './linkedin-return';

function Probe() {
  const [reopened, setReopened] = useState(false);
  useLinkedinReturn(() => setReopened(true));
  const location = useLocation();
  return (
    <>
      <span>{reopened ? 'dialog reopened' : 'dialog closed'}</span>
      <span>search:{location.search}</span>
    </>
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('return from the LinkedIn flow', () => {
  it('reads source=linkedin&connections={count}', () => {
    expect(linkedinReturnCount(new URLSearchParams('source=linkedin&connections=12'))).toBe(12);
    expect(linkedinReturnCount(new URLSearchParams('source=linkedin'))).toBeNull();
    expect(linkedinReturnCount(new URLSearchParams('source=google&connections=3'))).toBeNull();
  });

  it('with the stored flag and a count: a toast, a reload of the network, and a clean URL', async () => {
    const server = stubServer({ 'GET /api/network': () => json(200, buildTestNetwork([{}])) });
    localStorage.setItem(LINKEDIN_IMPORT_FLAG, 'true');
    renderWithApp(<Probe />, { route: '/?source=linkedin&connections=12&view=table' });
    expect(await screen.findByText('Imported 12 connections from LinkedIn.')).toBeTruthy();
    expect(screen.getByText('search:?view=table')).toBeTruthy();
    expect(screen.getByText('dialog closed')).toBeTruthy();
    expect(server.mock.calls.some(([request]) => request.url.endsWith('/api/network'))).toBe(true);
    expect(localStorage.getItem(LINKEDIN_IMPORT_FLAG)).toBeNull();
  });

  it('with the flag but no connections: the import dialog opens again', async () => {
    stubServer({});
    localStorage.setItem(LINKEDIN_IMPORT_FLAG, 'true');
    renderWithApp(<Probe />, { route: '/' });
    expect(await screen.findByText('dialog reopened')).toBeTruthy();
  });

  it('without the flag: nothing happens, whatever the URL says', async () => {
    stubServer({});
    renderWithApp(<Probe />, { route: '/?source=linkedin&connections=12' });
    expect(await screen.findByText('dialog closed')).toBeTruthy();
    expect(screen.queryByText('Imported 12 connections from LinkedIn.')).toBeNull();
  });
});

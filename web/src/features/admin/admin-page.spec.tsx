import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../lib/testing/app.testing';
import { AdminPage, formatCreated } from './admin-page';

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) =>
      new URL(input.url).pathname === '/api/user'
        ? Response.json({ id: 1, username: 'admin', isAdmin: true, providers: [] })
        : new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    ),
  );
}

function renderPage() {
  renderWithApp(<AdminPage />);
}

afterEach(() => vi.unstubAllGlobals());

describe('AdminPage', () => {
  it("says 'No users found' when the list is empty", async () => {
    answer(200, []);
    renderPage();
    expect(await screen.findByText('No users found')).toBeTruthy();
  });

  it('shows the server message when loading fails', async () => {
    answer(403, { message: 'Admin rights required' });
    renderPage();
    expect(await screen.findByText('Admin rights required')).toBeTruthy();
  });

  it("falls back to 'Failed to load users' when the failure says nothing", async () => {
    answer(500, {});
    renderPage();
    expect(await screen.findByText('Failed to load users')).toBeTruthy();
  });

  it('lists users with their LinkedIn state and creation date', async () => {
    answer(200, [
      {
        id: 7,
        username: 'ana',
        firstName: 'Ana',
        lastName: 'Silva',
        email: 'a@x.org',
        avatarUrl: null,
        linkedinId: 'abc',
        createdAt: '2026-01-02T03:04:05Z',
        isAdmin: false,
        providers: ['linkedin'],
      },
      {
        id: 8,
        username: 'ben',
        firstName: 'Ben',
        lastName: 'Ode',
        email: 'b@x.org',
        avatarUrl: null,
        linkedinId: null,
        createdAt: '2026-01-02T03:04:05Z',
        isAdmin: false,
        providers: [],
      },
    ]);
    renderPage();
    expect(await screen.findByText('Ana Silva')).toBeTruthy();
    expect(screen.getByText('Connected')).toBeTruthy();
    expect(screen.getByText('Not Connected')).toBeTruthy();
  });
});

describe('formatCreated', () => {
  it("shows 'N/A' for a missing or unreadable date", () => {
    expect(formatCreated(null)).toBe('N/A');
    expect(formatCreated('not a date')).toBe('N/A');
  });

  it('shows a date in local date-time', () => {
    expect(formatCreated('2026-01-02T03:04:05Z')).toBe(new Date('2026-01-02T03:04:05Z').toLocaleString());
  });
});

describe('AdminPage order', () => {
  it('lists the newest accounts first', async () => {
    answer(
      200,
      [1, 2, 3].map((id) => ({
        id,
        username: `user${id}`,
        firstName: 'U',
        lastName: String(id),
        email: `${id}@x.org`,
        avatarUrl: null,
        linkedinId: null,
        createdAt: '2026-01-02T03:04:05Z',
        isAdmin: false,
        providers: [],
      })),
    );
    renderPage();
    await screen.findByText('user3');
    const names = screen.getAllByText(/^user\d$/).map((el) => el.textContent);
    expect(names).toEqual(['user3', 'user2', 'user1']);
  });
});

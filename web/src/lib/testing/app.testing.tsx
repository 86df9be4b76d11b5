import { render, screen, waitFor } from '@testing-library/react';
import type { User } from '@warmpath/contracts';
import { App as AntApp, ConfigProvider } from 'antd';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { createStore } from '../store/store';
import { AuthProvider } from '../session/auth-context';

/** Test helpers: a fake server behind fetch, and the app's providers around a component. */

export type Handler = (request: Request) => Response | Promise<Response>;

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const TEST_USER: User = {
  id: 1,
  username: 'maya',
  firstName: 'Maya',
  lastName: 'Chen',
  email: 'maya@example.org',
  avatarUrl: null,
  linkedinId: null,
  createdAt: '2024-01-01T00:00:00.000Z',
  isAdmin: false,
  providers: [],
};

/**
 * Routes "METHOD /path" to handlers; anything else is a 404. Node's Request refuses relative URLs,
 * so requests are made absolute against the jsdom location first.
 */
export function stubServer(routes: Record<string, Handler>) {
  class AbsoluteRequest extends Request {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' ? new URL(input, window.location.href) : input, init);
    }
  }
  vi.stubGlobal('Request', AbsoluteRequest);
  const all: Record<string, Handler> = {
    'GET /api/user': () => json(200, TEST_USER),
    'GET /api/oauth/providers': () => json(200, []),
    ...routes,
  };
  const fetchMock = vi.fn(async (input: Request) => {
    const handler = all[`${input.method} ${new URL(input.url).pathname}`];
    return handler ? handler(input) : json(404, { message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function renderWithApp(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  const store = createStore();
  const utils = render(
    <Provider store={store}>
      <ConfigProvider>
        <AntApp>
          <AuthProvider>
            <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
          </AuthProvider>
        </AntApp>
      </ConfigProvider>
    </Provider>,
  );
  return { store, ...utils };
}

/** The button whose text is `label` (cheaper than getByRole on antd's large trees). */
export function buttonByText(label: string | RegExp): HTMLButtonElement {
  const button = screen.getByText(label).closest('button');
  if (!button) throw new Error(`no button with text ${String(label)}`);
  return button;
}

/** An open antd modal by its title (antd's test ids make aria-labelledby ambiguous in jsdom). */
export async function findModal(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const heading = [...document.querySelectorAll('.ant-modal-title')].find(
      (element) => element.textContent === title,
    );
    const modal = heading?.closest('.ant-modal');
    if (!(modal instanceof HTMLElement)) throw new Error(`no open modal titled ${title}`);
    return modal;
  });
}

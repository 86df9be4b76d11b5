import { Flex, Spin } from 'antd';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { ProtectedRoute } from '../features/auth/protected-route';
import { AppLayout } from '../features/layout/app-layout';
import { NotFoundPage } from '../features/not-found/not-found-page';

/**
 * Each page is a chunk of its own, so the app's first script holds only React, the router, the
 * store and the layout: the browser evaluates a page's chunk in a task of its own instead of
 * inside that first script, which with every page in it made one long task
 * (docs/performance.md#figures-behind-choices-in-the-code). The page the app opens on, when it is
 * the dashboard or a workspace screen, is fetched as the app starts, beside the session's read; the
 * others when first visited, so opening a workspace does not evaluate the dashboard's chunk
 * (docs/performance.md "The workspace screen's startup").
 */
function page(load: () => Promise<ComponentType>): ComponentType {
  return lazy(() => load().then((component) => ({ default: component })));
}

/** The path the app was opened on ('' where there is no page, as in some tests). */
const openedOn = typeof location === 'undefined' ? '' : location.pathname;
/** `load` at once when the app was opened on a path `opened` matches, else when first asked. */
function startedIf<T>(opened: RegExp, load: () => Promise<T>): () => Promise<T> {
  const started = opened.test(openedOn) ? load() : null;
  return () => started ?? load();
}

const dashboardChunk = startedIf(/^\/$/, () => import('../features/dashboard/dashboard-page'));
const DashboardPage = page(() => dashboardChunk().then((chunk) => chunk.DashboardPage));
const ProfilePage = page(() => import('../features/profile/profile-page').then((c) => c.ProfilePage));
const AdminPage = page(() => import('../features/admin/admin-page').then((c) => c.AdminPage));
const AuthPage = page(() => import('../features/auth/auth-page').then((c) => c.AuthPage));
const AuthSuccessPage = page(() =>
  import('../features/auth/auth-success-page').then((c) => c.AuthSuccessPage),
);
const OAuthPage = page(() => import('../features/auth/oauth-page').then((c) => c.OAuthPage));
const WorkspaceListPage = page(() =>
  import('../features/workspaces/workspace-list-page').then((c) => c.WorkspaceListPage),
);
/** The workspace screens' chunk: the header and the pooled network below it. */
const workspaceChunks = startedIf(/^\/(workspaces|teams)\/[^/]+\/?$/, () =>
  Promise.all([
    import('../features/workspaces/workspace-page'),
    import('../features/workspaces/workspace-network'),
  ]),
);
const WorkspacePage = page(() =>
  workspaceChunks().then(([c, n]) => () => (
    <c.WorkspacePage variant="workspace" renderNetwork={n.renderWorkspaceNetwork} />
  )),
);
const TeamPage = page(() =>
  workspaceChunks().then(([c, n]) => () => (
    <c.WorkspacePage variant="team" renderNetwork={n.renderTeamNetwork} />
  )),
);
const JoinInvitationPage = page(() =>
  import('../features/workspaces/join-invitation-page').then((c) => c.JoinInvitationPage),
);
const JoinCodePage = page(() => import('../features/workspaces/join-code-page').then((c) => c.JoinCodePage));
const IntrosPage = page(() => import('../features/intros/intros-page').then((c) => c.IntrosPage));
const IntroRequestPage = page(() =>
  import('../features/intros/intro-request-page').then((c) => c.IntroRequestPage),
);
const TargetListsPage = page(() =>
  import('../features/targets/target-lists-page').then((c) => c.TargetListsPage),
);
const TargetResultsPage = page(() =>
  import('../features/targets/target-results-page').then((c) => c.TargetResultsPage),
);
const ImportHistoryPage = page(() =>
  import('../features/imports/import-history-page').then((c) => c.ImportHistoryPage),
);

/** While a page's chunk loads: the same spinner as a protected page's while its session loads. */
function Loaded({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <Flex justify="center" align="center" style={{ minHeight: '60vh' }}>
          <Spin size="large" aria-label="Loading" />
        </Flex>
      }
    >
      {children}
    </Suspense>
  );
}

/** A page behind sign-in: the session's spinner, then /auth?returnUrl=... when nobody is signed in. */
function signedIn(Page: ComponentType, adminOnly = false): ReactNode {
  return (
    <ProtectedRoute adminOnly={adminOnly}>
      <Loaded>
        <Page />
      </Loaded>
    </ProtectedRoute>
  );
}

/** The route table of docs/product.md#web-routes; the only place features meet. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      {
        path: '/',
        element: (
          <ProtectedRoute>
            <Loaded>
              <DashboardPage />
            </Loaded>
          </ProtectedRoute>
        ),
      },
      {
        path: '/profile',
        element: (
          <ProtectedRoute>
            <Loaded>
              <ProfilePage />
            </Loaded>
          </ProtectedRoute>
        ),
      },
      {
        path: '/imports',
        element: (
          <ProtectedRoute>
            <Loaded>
              <ImportHistoryPage />
            </Loaded>
          </ProtectedRoute>
        ),
      },
      {
        path: '/admin',
        element: (
          <ProtectedRoute adminOnly>
            <Loaded>
              <AdminPage />
            </Loaded>
          </ProtectedRoute>
        ),
      },
      { path: '/workspaces', element: signedIn(WorkspaceListPage) },
      { path: '/teams', element: signedIn(WorkspaceListPage) },
      { path: '/workspaces/:id', element: signedIn(WorkspacePage) },
      { path: '/workspaces/:id/intros/:introId', element: signedIn(IntroRequestPage) },
      { path: '/workspaces/:id/targets', element: signedIn(TargetListsPage) },
      { path: '/workspaces/:id/targets/:listId', element: signedIn(TargetResultsPage) },
      { path: '/intros', element: signedIn(IntrosPage) },
      { path: '/targets', element: signedIn(TargetListsPage) },
      { path: '/targets/:listId', element: signedIn(TargetResultsPage) },
      { path: '/teams/:id', element: signedIn(TeamPage) },
      // /join* are public in the route table (docs/product.md#web-routes), yet accepting or
      // requesting needs an account: a signed-out visitor goes to /auth?returnUrl={current path}
      // and comes back (docs/product.md#web-routes).
      { path: '/join/:token', element: signedIn(JoinInvitationPage) },
      { path: '/join', element: signedIn(JoinCodePage) },
      {
        path: '/auth',
        element: (
          <Loaded>
            <AuthPage />
          </Loaded>
        ),
      },
      {
        path: '/auth-success',
        element: (
          <Loaded>
            <AuthSuccessPage />
          </Loaded>
        ),
      },
      {
        path: '/oauth/:provider',
        element: (
          <Loaded>
            <OAuthPage />
          </Loaded>
        ),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

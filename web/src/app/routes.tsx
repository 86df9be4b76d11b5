import type { RouteObject } from 'react-router';
import { AdminPage } from '../features/admin/admin-page';
import { AuthPage } from '../features/auth/auth-page';
import { AuthSuccessPage } from '../features/auth/auth-success-page';
import { OAuthPage } from '../features/auth/oauth-page';
import { ProtectedRoute } from '../features/auth/protected-route';
import { DashboardPage } from '../features/dashboard/dashboard-page';
import { AppLayout } from '../features/layout/app-layout';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { ProfilePage } from '../features/profile/profile-page';

/** The route table of product-spec §2; the only place features meet. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      {
        path: '/',
        element: (
          <ProtectedRoute>
            <DashboardPage />
          </ProtectedRoute>
        ),
      },
      {
        path: '/profile',
        element: (
          <ProtectedRoute>
            <ProfilePage />
          </ProtectedRoute>
        ),
      },
      {
        path: '/admin',
        element: (
          <ProtectedRoute adminOnly>
            <AdminPage />
          </ProtectedRoute>
        ),
      },
      { path: '/auth', element: <AuthPage /> },
      { path: '/auth-success', element: <AuthSuccessPage /> },
      { path: '/oauth/:provider', element: <OAuthPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

import { Flex, Spin } from 'antd';
import { startTransition, useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from '../../lib/session/auth-context';

/** Spinner while the session loads, then /auth (remembering where the user was going). */
export function ProtectedRoute({
  children,
  adminOnly = false,
}: {
  children: ReactNode;
  adminOnly?: boolean;
}) {
  const { user, isLoading } = useAuth();
  const location = useLocation();
  // The session arrives in the store's own update, which React renders in one go. What it lets
  // through renders in transitions instead (in slices), one after the other so that neither commit
  // is long: first the signed-in header (the nav bar defers the user the same way), then the page
  // (the dashboard: dozens of antd components).
  const isSettled = !isLoading && user !== undefined;
  const isHeaderSettled = useDeferredValue(isSettled);
  const [isPageShown, setPageShown] = useState(isSettled);
  useEffect(() => {
    if (isHeaderSettled) startTransition(() => setPageShown(true));
  }, [isHeaderSettled]);
  if (!isPageShown || !isSettled) {
    return (
      <Flex justify="center" align="center" style={{ minHeight: '60vh' }}>
        <Spin size="large" aria-label="Loading" />
      </Flex>
    );
  }
  if (!user) {
    const returnUrl = `${location.pathname}${location.search}`;
    return <Navigate to={`/auth?returnUrl=${encodeURIComponent(returnUrl)}`} replace />;
  }
  if (adminOnly && !user.isAdmin) return <Navigate to="/" replace />;
  return <>{children}</>;
}

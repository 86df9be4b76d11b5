import type { User } from '@warmpath/contracts';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useGetCurrentUserQuery } from './session.api';

export interface AuthState {
  /** undefined while the session loads, null when nobody is signed in. */
  user: User | null | undefined;
  isLoading: boolean;
}

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const { data, isLoading, isError } = useGetCurrentUserQuery();
  const value = useMemo<AuthState>(
    () => ({ user: isError ? null : data, isLoading: isLoading }),
    [data, isLoading, isError],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}

import { App as AntApp, ConfigProvider, theme } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { AuthProvider } from '../lib/session/auth-context';
import { useDarkMode } from '../features/theme/use-dark-mode';
import { createStore } from '../lib/store/store';
import { antdCssVarKey } from './antd-theme';

/** Toasts: one at a time, closing after 5 s (docs/product.md#notifications). */
const NOTIFICATION_CONFIG = { maxCount: 1, duration: 5, placement: 'bottomRight' as const };

export function Providers({
  children,
  store,
}: {
  children: ReactNode;
  store?: ReturnType<typeof createStore>;
}) {
  const appStore = useMemo(() => store ?? createStore(), [store]);
  const [dark] = useDarkMode();
  return (
    <Provider store={appStore}>
      <ConfigProvider
        theme={{
          algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm,
          cssVar: { key: antdCssVarKey(dark) },
        }}
      >
        <AntApp notification={NOTIFICATION_CONFIG} style={{ minHeight: '100vh' }}>
          <AuthProvider>{children}</AuthProvider>
        </AntApp>
      </ConfigProvider>
    </Provider>
  );
}

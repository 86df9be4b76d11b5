import { Layout } from 'antd';
import { Outlet } from 'react-router';
import { NavBar } from './nav-bar';

export function AppLayout() {
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <NavBar />
      <Layout.Content>
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}

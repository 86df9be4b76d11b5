import {
  DownOutlined,
  HistoryOutlined,
  LogoutOutlined,
  MenuOutlined,
  SafetyOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Avatar, Button, Drawer, Dropdown, Flex, Grid, Layout, Menu, Typography, type MenuProps } from 'antd';
import { displayName, initials } from '@warmpath/domain';
import { useDeferredValue, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { errorMessage } from '../../lib/api/api';
import { useAuth } from '../../lib/session/auth-context';
import { useLogoutMutation } from '../auth';
import { IntrosNavLink } from '../intros';
import { useToast } from '../../lib/toast/use-toast';
import { DarkModeToggle } from '../theme';

export function NavBar() {
  // The signed-in header (avatar, user menu) renders in a transition, not in the store's update
  // (see ProtectedRoute, which lets the page follow it).
  const user = useDeferredValue(useAuth().user);
  const screens = Grid.useBreakpoint();
  const isMobile = screens.md === false; // md starts at 768 px
  const [drawerOpen, setDrawerOpen] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useToast();
  const [logout] = useLogoutMutation();

  const onLogout = async () => {
    try {
      await logout().unwrap();
      toast({
        title: 'Logged out',
        description: 'You have been logged out successfully',
        variant: 'success',
      });
      void navigate('/auth');
    } catch (error) {
      toast({ title: 'Logout failed', description: errorMessage(error), variant: 'destructive' });
    }
  };

  const links: NonNullable<MenuProps['items']> = [
    { key: '/', label: <Link to="/">Dashboard</Link> },
    ...(user
      ? [
          { key: '/workspaces', label: <Link to="/workspaces">Workspaces</Link> },
          { key: '/intros', label: <IntrosNavLink /> },
          { key: '/targets', label: <Link to="/targets">Target lists</Link> },
        ]
      : []),
    ...(user?.isAdmin ? [{ key: '/admin', label: <Link to="/admin">Admin</Link> }] : []),
  ];
  const userItems: NonNullable<MenuProps['items']> = [
    { key: 'profile', icon: <UserOutlined />, label: 'Profile', onClick: () => void navigate('/profile') },
    {
      key: 'imports',
      icon: <HistoryOutlined />,
      label: 'Import history',
      onClick: () => void navigate('/imports'),
    },
    {
      key: 'workspaces',
      icon: <TeamOutlined />,
      label: 'My Workspaces',
      onClick: () => void navigate('/workspaces'),
    },
    ...(user?.isAdmin
      ? [
          {
            key: 'admin',
            icon: <SafetyOutlined />,
            label: 'Admin Panel',
            onClick: () => void navigate('/admin'),
          },
        ]
      : []),
    { type: 'divider' as const },
    { key: 'logout', icon: <LogoutOutlined />, label: 'Logout', onClick: () => void onLogout() },
  ];
  const selected = links
    .map((l) => String(l?.key))
    .filter((k) => (k === '/' ? location.pathname === '/' : location.pathname.startsWith(k)));
  const avatar = user && (
    <Avatar src={user.avatarUrl ?? undefined} size="small" alt="">
      {initials(user)}
    </Avatar>
  );

  return (
    <Layout.Header style={{ display: 'flex', alignItems: 'center', gap: 16, paddingInline: 16 }}>
      <Link to="/" aria-label="Warmpath home">
        <Typography.Title level={4} style={{ margin: 0, whiteSpace: 'nowrap' }}>
          Warmpath
        </Typography.Title>
      </Link>
      {isMobile ? (
        <Flex flex={1} justify="end" gap={8} align="center">
          <DarkModeToggle />
          <Button aria-label="Open menu" icon={<MenuOutlined />} onClick={() => setDrawerOpen(true)} />
          <Drawer
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            title="Menu"
            placement="right"
            size={280}
          >
            {user && (
              <Flex vertical gap={2} style={{ marginBottom: 16 }}>
                <Typography.Text strong>{displayName(user)}</Typography.Text>
                <Typography.Text type="secondary">{user.email}</Typography.Text>
              </Flex>
            )}
            <Menu
              mode="vertical"
              selectable={false}
              onClick={() => setDrawerOpen(false)}
              items={user ? [...links, ...userItems] : [...links, ...signedOutItems()]}
            />
          </Drawer>
        </Flex>
      ) : (
        <>
          <Menu
            mode="horizontal"
            selectedKeys={selected}
            items={links}
            style={{ flex: 1, minWidth: 0, background: 'transparent' }}
          />
          {/* The dashboard's top bar carries its own toggle (docs/product.md#dashboard). */}
          {location.pathname !== '/' && <DarkModeToggle />}
          {user ? (
            <Dropdown menu={{ items: userItems }} trigger={['click']}>
              <Button type="text" aria-label="User menu">
                <Flex gap={8} align="center">
                  {avatar}
                  <span>{displayName(user)}</span>
                  <DownOutlined />
                </Flex>
              </Button>
            </Dropdown>
          ) : (
            <Flex gap={8}>
              <Link to="/auth">Sign in</Link>
              <Link to="/auth?tab=register">Register</Link>
            </Flex>
          )}
        </>
      )}
    </Layout.Header>
  );
}

function signedOutItems(): NonNullable<MenuProps['items']> {
  return [
    { key: 'signin', label: <Link to="/auth">Sign in</Link> },
    { key: 'register', label: <Link to="/auth?tab=register">Register</Link> },
  ];
}

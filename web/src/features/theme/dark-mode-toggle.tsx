import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { Switch, Tooltip } from 'antd';
import { useDarkMode } from './use-dark-mode';

export function DarkModeToggle() {
  const [dark, setDark] = useDarkMode();
  return (
    <Tooltip title={dark ? 'Switch to light mode' : 'Switch to dark mode'}>
      <Switch
        aria-label="Dark mode"
        checked={dark}
        onChange={setDark}
        checkedChildren={<MoonOutlined />}
        unCheckedChildren={<SunOutlined />}
      />
    </Tooltip>
  );
}

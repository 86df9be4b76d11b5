import {
  Alert,
  Avatar,
  Badge,
  Button,
  Card,
  Checkbox,
  Col,
  Collapse,
  Descriptions,
  Divider,
  Empty,
  Flex,
  Input,
  List,
  Modal,
  Popconfirm,
  Progress,
  Row,
  Segmented,
  Select,
  Skeleton,
  Spin,
  Switch,
  Table,
  Tabs,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { memo, startTransition, useEffect, useState, type ReactNode } from 'react';
import { useDarkMode } from '../features/theme/use-dark-mode';

/**
 * antd generates a component's styles (CSS-in-JS) the first time one of its kind renders, and
 * inserts them into the page in that render's commit. The network screens render many kinds for
 * the first time at once when their data arrives (the workspace page, the super-connectors table,
 * the filters): tasks of 50-90 ms of CPU on the main thread, most of it style generation and
 * insertion (issue 14's "no task over 50 ms"). These are the kinds they use, most needed first;
 * StyleWarmup renders them one at a time while the page is idle, so each kind's styles cost a task
 * of a few ms of their own, before any data arrives.
 */
const KINDS: readonly (() => ReactNode)[] = [
  () => (
    <Typography>
      <Typography.Title level={5}>warm</Typography.Title>
      <Typography.Text>warm</Typography.Text>
      <Typography.Link>warm</Typography.Link>
    </Typography>
  ),
  () => <Button>warm</Button>,
  () => <Flex>warm</Flex>,
  () => <Card size="small">warm</Card>,
  () => <Select options={[]} />,
  () => <Input />,
  () => <Tag>warm</Tag>,
  () => <Badge count={0} />,
  () => <Modal open={false} />,
  () => (
    <Popconfirm title="warm">
      <span>warm</span>
    </Popconfirm>
  ),
  () => <List dataSource={[]} renderItem={() => null} />,
  () => <Table dataSource={[]} columns={[{ key: 'warm', title: 'warm' }]} size="small" />,
  () => <Segmented options={['warm']} />,
  () => <Switch />,
  () => (
    <Tooltip title="warm">
      <span>warm</span>
    </Tooltip>
  ),
  () => <Avatar>W</Avatar>,
  () => <Spin />,
  () => <Empty />,
  () => <Alert title="warm" />,
  () => <Divider />,
  () => (
    <Row>
      <Col span={24}>warm</Col>
    </Row>
  ),
  () => <Descriptions items={[{ key: 'warm', label: 'warm', children: 'warm' }]} />,
  () => <Tabs items={[{ key: 'warm', label: 'warm' }]} />,
  () => <Checkbox />,
  () => <Progress percent={0} />,
  () => <Skeleton />,
  () => <Collapse items={[]} />,
];

/** One kind, rendered once and kept: antd drops a kind's styles when nothing of it is mounted. */
const Kind = memo(function Kind({ render }: { render: () => ReactNode }) {
  return render();
});

type IdleWindow = Window & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};

/**
 * Renders antd's component kinds out of sight, one per idle moment of the page (see KINDS). A theme
 * switch starts it over: the kinds of the old theme go at once, and the new theme's styles are
 * registered again one kind at a time, not all in the switch's own task.
 */
export function StyleWarmup() {
  const [dark] = useDarkMode();
  return <Warmup key={dark ? 'dark' : 'light'} />;
}

function Warmup() {
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (count >= KINDS.length) return;
    const page = window as IdleWindow;
    const next = () => startTransition(() => setCount((done) => done + 1));
    if (!page.requestIdleCallback) {
      const timer = setTimeout(next, 50);
      return () => clearTimeout(timer);
    }
    const handle = page.requestIdleCallback(next, { timeout: 2000 });
    return () => page.cancelIdleCallback?.(handle);
  }, [count]);
  return (
    <div style={{ display: 'none' }} aria-hidden inert data-testid="style-warmup">
      {KINDS.slice(0, count).map((render, index) => (
        <Kind key={index} render={render} />
      ))}
    </div>
  );
}

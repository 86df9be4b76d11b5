import { memo, startTransition, useEffect, useState, type ReactNode } from 'react';
import { useDarkMode } from '../features/theme/use-dark-mode';

/** How to draw one kind, once its code is loaded. */
type Draw = () => ReactNode;

/**
 * antd generates a component's styles (CSS-in-JS) the first time one of its kind renders, and
 * inserts them into the page in that render's commit. The network screens render many kinds for
 * the first time at once when their data arrives (the workspace page, the super-connectors table,
 * the filters): tasks of 50-90 ms of CPU on the main thread, most of it style generation and
 * insertion (issue 14's "no task over 50 ms"). These are the kinds they use, most needed first;
 * StyleWarmup loads and renders them one at a time while the page is idle, so each kind's code
 * and styles cost tasks of a few ms of their own, before any data arrives. Each kind's code is
 * imported on its turn (the module the app's own `import { X } from 'antd'` uses): imported all
 * at once at boot they were one task of ~50 ms of module evaluation.
 */
const KINDS: readonly (() => Promise<Draw>)[] = [
  async () => {
    const { default: Typography } = await import('antd/es/typography');
    return () => (
      <Typography>
        <Typography.Title level={5}>warm</Typography.Title>
        <Typography.Text>warm</Typography.Text>
        <Typography.Link>warm</Typography.Link>
      </Typography>
    );
  },
  async () => {
    const { default: Button } = await import('antd/es/button');
    return () => <Button>warm</Button>;
  },
  async () => {
    const { default: Flex } = await import('antd/es/flex');
    return () => <Flex>warm</Flex>;
  },
  async () => {
    const { default: Card } = await import('antd/es/card');
    return () => <Card size="small">warm</Card>;
  },
  async () => {
    const { default: Select } = await import('antd/es/select');
    return () => <Select options={[]} />;
  },
  async () => {
    const { default: Input } = await import('antd/es/input');
    return () => <Input />;
  },
  async () => {
    const { default: Tag } = await import('antd/es/tag');
    return () => <Tag>warm</Tag>;
  },
  async () => {
    const { default: Badge } = await import('antd/es/badge');
    return () => <Badge count={0} />;
  },
  async () => {
    const { default: Modal } = await import('antd/es/modal');
    return () => <Modal open={false} />;
  },
  async () => {
    const { default: Popconfirm } = await import('antd/es/popconfirm');
    return () => (
      <Popconfirm title="warm">
        <span>warm</span>
      </Popconfirm>
    );
  },
  async () => {
    const { default: List } = await import('antd/es/list');
    return () => <List dataSource={[]} renderItem={() => null} />;
  },
  async () => {
    const { default: Table } = await import('antd/es/table');
    return () => <Table dataSource={[]} columns={[{ key: 'warm', title: 'warm' }]} size="small" />;
  },
  async () => {
    const { default: Segmented } = await import('antd/es/segmented');
    return () => <Segmented options={['warm']} />;
  },
  async () => {
    const { default: Switch } = await import('antd/es/switch');
    return () => <Switch />;
  },
  async () => {
    const { default: Tooltip } = await import('antd/es/tooltip');
    return () => (
      <Tooltip title="warm">
        <span>warm</span>
      </Tooltip>
    );
  },
  async () => {
    const { default: Avatar } = await import('antd/es/avatar');
    return () => <Avatar>W</Avatar>;
  },
  async () => {
    const { default: Spin } = await import('antd/es/spin');
    return () => <Spin />;
  },
  async () => {
    const { default: Empty } = await import('antd/es/empty');
    return () => <Empty />;
  },
  async () => {
    const { default: Alert } = await import('antd/es/alert');
    return () => <Alert title="warm" />;
  },
  async () => {
    const { default: Divider } = await import('antd/es/divider');
    return () => <Divider />;
  },
  async () => {
    const [{ default: Row }, { default: Col }] = await Promise.all([
      import('antd/es/row'),
      import('antd/es/col'),
    ]);
    return () => (
      <Row>
        <Col span={24}>warm</Col>
      </Row>
    );
  },
  async () => {
    const { default: Descriptions } = await import('antd/es/descriptions');
    return () => <Descriptions items={[{ key: 'warm', label: 'warm', children: 'warm' }]} />;
  },
  async () => {
    const { default: Tabs } = await import('antd/es/tabs');
    return () => <Tabs items={[{ key: 'warm', label: 'warm' }]} />;
  },
  async () => {
    const { default: Checkbox } = await import('antd/es/checkbox');
    return () => <Checkbox />;
  },
  async () => {
    const { default: Progress } = await import('antd/es/progress');
    return () => <Progress percent={0} />;
  },
  async () => {
    const { default: Skeleton } = await import('antd/es/skeleton');
    return () => <Skeleton />;
  },
  async () => {
    const { default: Collapse } = await import('antd/es/collapse');
    return () => <Collapse items={[]} />;
  },
];

/** One kind, rendered once and kept: antd drops a kind's styles when nothing of it is mounted. */
const Kind = memo(function Kind({ draw }: { draw: Draw }) {
  return draw();
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
  const [drawn, setDrawn] = useState<readonly Draw[]>([]);
  useEffect(() => {
    if (drawn.length >= KINDS.length) return;
    let isCurrent = true;
    const page = window as IdleWindow;
    const next = () =>
      void KINDS[drawn.length]()
        .then((draw) => isCurrent && startTransition(() => setDrawn((done) => [...done, draw])))
        // A chunk that fails to load (a deploy replaced it) only leaves its kind cold.
        .catch(() => isCurrent && setDrawn((done) => [...done, () => null]));
    if (!page.requestIdleCallback) {
      const timer = setTimeout(next, 50);
      return () => {
        isCurrent = false;
        clearTimeout(timer);
      };
    }
    const handle = page.requestIdleCallback(next, { timeout: 2000 });
    return () => {
      isCurrent = false;
      page.cancelIdleCallback?.(handle);
    };
  }, [drawn]);
  return (
    <div style={{ display: 'none' }} aria-hidden inert data-testid="style-warmup">
      {drawn.map((draw, index) => (
        <Kind key={index} draw={draw} />
      ))}
    </div>
  );
}

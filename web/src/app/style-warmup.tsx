import { memo, startTransition, useEffect, useState, type ReactNode } from 'react';
import { useDarkMode } from '../features/theme/use-dark-mode';

/** How to draw one kind, once its code is loaded. */
type Draw = () => ReactNode;

/**
 * antd generates a component's styles (CSS-in-JS) the first time one of its kind renders, and
 * inserts them into the page in that render's commit. The network screens render many kinds for the
 * first time at once when their data arrives (the workspace page, the super-connectors table, the
 * filters): long tasks on the main thread, most of it style generation and insertion, against the
 * target of no task over 50 ms (docs/performance.md#figures-behind-choices-in-the-code). These are
 * the kinds they use, most needed first; StyleWarmup loads and renders them one at a time while the
 * page is idle, so each kind's code and styles cost tasks of a few ms of their own, before any data
 * arrives. Each kind's code is imported on its turn (the module the app's own `import { X } from
 * 'antd'` uses): imported all at once at boot they were one long task of module evaluation.
 */
/** A kind: its module (imported on its turn) and what to draw with the component it exports. */
const kind =
  <C,>(load: () => Promise<{ default: C }>, draw: (component: C) => ReactNode) =>
  async (): Promise<Draw> => {
    const { default: component } = await load();
    return () => draw(component);
  };

const KINDS: readonly (() => Promise<Draw>)[] = [
  kind(
    () => import('antd/es/typography'),
    (Typography) => (
      <Typography>
        <Typography.Title level={5}>warm</Typography.Title>
        <Typography.Text>warm</Typography.Text>
        <Typography.Link>warm</Typography.Link>
      </Typography>
    ),
  ),
  kind(
    () => import('antd/es/button'),
    (Button) => <Button>warm</Button>,
  ),
  kind(
    () => import('antd/es/flex'),
    (Flex) => <Flex>warm</Flex>,
  ),
  kind(
    () => import('antd/es/card'),
    (Card) => <Card size="small">warm</Card>,
  ),
  kind(
    () => import('antd/es/select'),
    (Select) => <Select options={[]} />,
  ),
  kind(
    () => import('antd/es/input'),
    (Input) => <Input />,
  ),
  kind(
    () => import('antd/es/tag'),
    (Tag) => <Tag>warm</Tag>,
  ),
  kind(
    () => import('antd/es/badge'),
    (Badge) => <Badge count={0} />,
  ),
  kind(
    () => import('antd/es/modal'),
    (Modal) => <Modal open={false} />,
  ),
  kind(
    () => import('antd/es/popconfirm'),
    (Popconfirm) => (
      <Popconfirm title="warm">
        <span>warm</span>
      </Popconfirm>
    ),
  ),
  kind(
    () => import('antd/es/list'),
    (List) => <List dataSource={[]} renderItem={() => null} />,
  ),
  kind(
    () => import('antd/es/table'),
    (Table) => <Table dataSource={[]} columns={[{ key: 'warm', title: 'warm' }]} size="small" />,
  ),
  kind(
    () => import('antd/es/segmented'),
    (Segmented) => <Segmented options={['warm']} />,
  ),
  kind(
    () => import('antd/es/switch'),
    (Switch) => <Switch />,
  ),
  kind(
    () => import('antd/es/tooltip'),
    (Tooltip) => (
      <Tooltip title="warm">
        <span>warm</span>
      </Tooltip>
    ),
  ),
  kind(
    () => import('antd/es/avatar'),
    (Avatar) => <Avatar>W</Avatar>,
  ),
  kind(
    () => import('antd/es/spin'),
    (Spin) => <Spin />,
  ),
  kind(
    () => import('antd/es/empty'),
    (Empty) => <Empty />,
  ),
  kind(
    () => import('antd/es/alert'),
    (Alert) => <Alert title="warm" />,
  ),
  kind(
    () => import('antd/es/divider'),
    (Divider) => <Divider />,
  ),
  kind(
    () =>
      Promise.all([import('antd/es/row'), import('antd/es/col')]).then(([row, col]) => ({
        default: { Row: row.default, Col: col.default },
      })),
    ({ Row, Col }) => (
      <Row>
        <Col span={24}>warm</Col>
      </Row>
    ),
  ),
  kind(
    () => import('antd/es/descriptions'),
    (Descriptions) => <Descriptions items={[{ key: 'warm', label: 'warm', children: 'warm' }]} />,
  ),
  kind(
    () => import('antd/es/tabs'),
    (Tabs) => <Tabs items={[{ key: 'warm', label: 'warm' }]} />,
  ),
  kind(
    () => import('antd/es/checkbox'),
    (Checkbox) => <Checkbox />,
  ),
  kind(
    () => import('antd/es/progress'),
    (Progress) => <Progress percent={0} />,
  ),
  kind(
    () => import('antd/es/skeleton'),
    (Skeleton) => <Skeleton />,
  ),
  kind(
    () => import('antd/es/collapse'),
    (Collapse) => <Collapse items={[]} />,
  ),
];

/** One kind, rendered once and kept: antd drops a kind's styles when nothing of it is mounted. */
const Kind = memo(function Kind({ draw }: { draw: Draw }) {
  return draw();
});

type IdleWindow = Window & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};

/** Runs `callback` when the page is idle (within 2 s; 50 ms later where there is no idle callback). */
function whenIdle(callback: () => void): () => void {
  const page = window as IdleWindow;
  if (!page.requestIdleCallback) {
    const timer = setTimeout(callback, 50);
    return () => clearTimeout(timer);
  }
  const handle = page.requestIdleCallback(callback, { timeout: 2000 });
  return () => page.cancelIdleCallback?.(handle);
}

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
    const next = () =>
      void KINDS[drawn.length]()
        .then((draw) => isCurrent && startTransition(() => setDrawn((done) => [...done, draw])))
        // A chunk that fails to load (a deploy replaced it) only leaves its kind cold.
        .catch(() => isCurrent && setDrawn((done) => [...done, () => null]));
    const cancel = whenIdle(next);
    return () => {
      isCurrent = false;
      cancel();
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

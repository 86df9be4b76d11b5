/* eslint-disable @typescript-eslint/no-explicit-any -- antd's CommonJS build, read by the build in Node */

/** React and antd as the build reads them in Node (antd-static-styles.ts). */
export type Antd = {
  React: { createElement: (type: any, props?: any, ...children: any[]) => unknown };
  antd: Record<string, any>;
};

/**
 * One element of every antd kind the app renders (`import { … } from 'antd'` in web/src), with the
 * parts that register styles of their own (Typography's title, Input's text area and search, a
 * form's item, a list's item). Rendering one registers the kind's styles; keep this list in step
 * with the components the app uses (docs/performance.md#antds-styles-generated-at-build-time).
 */
export function antdKinds({ React, antd: a }: Antd): unknown[] {
  const h = React.createElement;
  const text = 'warm';
  return [
    h(a.Flex, null, text),
    h(
      a.Typography,
      null,
      h(a.Typography.Title, { level: 5 }, text),
      h(a.Typography.Paragraph, null, text),
      h(a.Typography.Text, null, text),
      h(a.Typography.Link, null, text),
    ),
    h(a.Button, null, text),
    h(a.Alert, { title: text }),
    h(a.Card, { size: 'small', title: text }, text),
    h(a.Spin),
    h(a.Input),
    h(a.Input.TextArea),
    h(a.Input.Password),
    h(a.Input.Search),
    h(a.Tag, null, text),
    h(a.Modal, { open: false }),
    h(a.Result, { title: text }),
    h(a.Form, null, h(a.Form.Item, { label: text, name: text }, h(a.Input))),
    h(a.Table, { dataSource: [], columns: [{ key: text, title: text }], size: 'small' }),
    h(a.Select, { options: [] }),
    h(a.Popconfirm, { title: text }, h('span', null, text)),
    h(a.Empty),
    h(a.Switch),
    h(a.Progress, { percent: 0 }),
    h(a.Divider),
    h(a.Tooltip, { title: text }, h('span', null, text)),
    h(a.Tabs, { items: [{ key: text, label: text }] }),
    h(a.Steps, { items: [{ title: text }] }),
    h(a.Skeleton),
    h(a.Segmented, { options: [text] }),
    h(a.Row, null, h(a.Col, { span: 24 }, text)),
    h(a.Radio.Group, { options: [text] }),
    h(a.List, { dataSource: [text], renderItem: () => h(a.List.Item, null, text) }),
    h(a.Descriptions, { items: [{ key: text, label: text, children: text }] }),
    h(a.Checkbox.Group, { options: [text] }),
    h(a.Badge, { count: 0 }),
    h(a.Avatar, null, 'W'),
    h(a.Statistic, { value: 0 }),
    h(a.Layout, null, h(a.Layout.Header), h(a.Layout.Content)),
    h(a.Dropdown, { menu: { items: [] } }, h('span', null, text)),
    h(a.Collapse, { items: [] }),
    h(a.Space.Compact, null, h(a.Button, null, text)),
    h(a.Popover, { content: text }, h('span', null, text)),
    h(a.Menu, { items: [{ key: text, label: text }] }),
    h(a.InputNumber),
    h(a.Drawer, { open: false }),
    h(a.AutoComplete, { options: [] }),
  ];
}

import { cleanup, render } from '@testing-library/react';
import * as antd from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { extractAntdStyles } from '../../vite/antd-static-styles';

/** The component styles antd has inserted into the page (not the theme's CSS variables). */
const insertedStyles = () =>
  [...document.head.querySelectorAll('style[data-css-hash]')]
    .map((style) => style.textContent ?? '')
    .filter((text) => !/^[^{]*\{--ant-/.test(text));

describe("antd's styles generated at build time", () => {
  afterEach(cleanup);

  it('are the styles antd generates in the page, for the light theme and the dark alike', () => {
    const sheet = extractAntdStyles();
    for (const algorithm of [antd.theme.defaultAlgorithm, antd.theme.darkAlgorithm]) {
      // The kinds the workspace screen renders first (all of them take jsdom half a minute).
      const { unmount } = render(
        <antd.ConfigProvider theme={{ algorithm }}>
          <antd.App>
            <antd.Typography.Title level={5}>warm</antd.Typography.Title>
            <antd.Button>warm</antd.Button>
            <antd.Card size="small">warm</antd.Card>
            <antd.Tag>warm</antd.Tag>
            <antd.Table dataSource={[]} columns={[{ key: 'warm', title: 'warm' }]} size="small" />
          </antd.App>
        </antd.ConfigProvider>,
      );
      const styles = insertedStyles();
      expect(styles.join('\n')).toContain('.ant-table');
      expect(styles.length).toBeGreaterThan(8);
      expect(styles.filter((style) => !sheet.includes(style))).toEqual([]);
      unmount();
    }
  });
});

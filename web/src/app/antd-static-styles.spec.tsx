import { cleanup, render } from '@testing-library/react';
import * as antd from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { extractAntdCssVariables, extractAntdStyles } from '../../vite/antd-static-styles';
import { antdCssVarKey } from './antd-theme';

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

  it("writes both themes' CSS variables as antd would insert them: antd finds them and inserts none", () => {
    const elements = extractAntdCssVariables();
    for (const dark of [false, true]) {
      /** The CSS-variable elements antd added to a head holding `prefill`, and those it rewrote. */
      const added = (prefill: string) => {
        document.head.innerHTML = prefill;
        const before = new Map([...document.head.querySelectorAll('style')].map((s) => [s, s.textContent]));
        const { unmount } = render(
          <antd.ConfigProvider
            theme={{
              algorithm: dark ? antd.theme.darkAlgorithm : antd.theme.defaultAlgorithm,
              cssVar: { key: antdCssVarKey(dark) },
            }}
          >
            <antd.App>
              <antd.Typography.Title level={5}>warm</antd.Typography.Title>
              <antd.Button>warm</antd.Button>
              <antd.Card size="small">warm</antd.Card>
              <antd.Tag>warm</antd.Tag>
            </antd.App>
          </antd.ConfigProvider>,
        );
        const styles = [...document.head.querySelectorAll<HTMLStyleElement>('style[data-css-hash]')];
        // CSS variables only: the component styles come from the static sheet, which jsdom does not load.
        const news = styles
          .filter((style) => !before.has(style))
          .map((style) => style.textContent ?? '')
          .filter((text) => /^[^{]*\{--ant-/.test(text));
        const rewritten = styles.filter(
          (style) => before.has(style) && before.get(style) !== style.textContent,
        );
        unmount();
        document.head.innerHTML = '';
        return { news, rewritten };
      };
      // Without them antd inserts the theme's variables and each kind's.
      const cold = added('');
      expect(cold.news.filter((text) => text.startsWith(`.${antdCssVarKey(dark)}`)).length).toBeGreaterThan(
        4,
      );
      expect(added(elements)).toEqual({ news: [], rewritten: [] });
    }
  });
});

import { createRequire } from 'node:module';
import type { Plugin } from 'vite';
import { antdKinds, type Antd } from './antd-kinds';

/** What main.tsx imports: antd's component styles, generated when the app is built. */
const VIRTUAL_ID = 'virtual:antd-static-styles.css';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

/** The part of @ant-design/cssinjs the extraction uses. */
type CssInJs = {
  createCache: () => unknown;
  extractStyle: (cache: unknown, options: { plain: boolean; types: string[] }) => string;
  StyleProvider: unknown;
};

/**
 * antd's component styles for every kind the app renders (antd-kinds.ts), as a style sheet, the
 * way antd extracts them for server rendering: the styles, then a rule whose `content` maps each
 * style's cache path (the theme's hash, the component, its class prefix) to its hash. At the first
 * antd render the page reads that map (@ant-design/cssinjs) and, for every style in it, skips the
 * style's generation and insertion: the first renders of the network screens no longer spend their
 * commits generating CSS (docs/performance.md#antds-styles-generated-at-build-time).
 *
 * Only the component styles (`types: ['style']`): the theme's CSS variables (light or dark) are
 * still written by antd at runtime, and the component styles read them (antd 6 uses CSS
 * variables), so one sheet serves both themes. Read from antd's CommonJS build, in Node, with the
 * production hash antd uses in a production build; a kind left out here is styled at runtime, as
 * before.
 */
export function extractAntdStyles(): string {
  const require = createRequire(import.meta.url);
  const React = require('react') as Antd['React'];
  const { renderToString } = require('react-dom/server') as {
    renderToString: (node: unknown) => string;
  };
  const antd = require('antd') as Antd['antd'];
  const cssinjs = require('@ant-design/cssinjs') as CssInJs;
  const cache = cssinjs.createCache();
  const h = React.createElement;
  renderToString(
    h(
      cssinjs.StyleProvider,
      { cache },
      h(antd.ConfigProvider, null, h(antd.App, null, ...antdKinds({ React, antd }))),
    ),
  );
  return cssinjs.extractStyle(cache, { plain: true, types: ['style'] });
}

/**
 * `import 'virtual:antd-static-styles.css'`: antd's styles extracted at build time (above); empty
 * when Vite serves the app in development, where antd hashes its styles differently.
 */
export function antdStaticStyles(): Plugin {
  let build = false;
  return {
    name: 'warmpath:antd-static-styles',
    configResolved(config) {
      build = config.command === 'build';
    },
    resolveId: (id) => (id === VIRTUAL_ID ? RESOLVED_ID : undefined),
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      if (!build) return '';
      const css = extractAntdStyles();
      // The page matches the sheet's styles by antd's hash, which differs outside production.
      if (css.includes('css-dev-only-do-not-override'))
        throw new Error('antd styles extracted with the development hash: build with NODE_ENV=production');
      return css;
    },
  };
}

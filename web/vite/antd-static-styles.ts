import { createRequire } from 'node:module';
import type { Plugin } from 'vite';
import { antdCssVarKey } from '../src/app/antd-theme';
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
 * Only the component styles (`types: ['style']`): they read the theme's CSS variables (antd 6),
 * the same for either theme, so one sheet serves both. Read from antd's CommonJS build, in Node,
 * with the production hash antd uses in a production build; a kind left out here is styled at
 * runtime, as before.
 */
export function extractAntdStyles(): string {
  return cssInJs().extractStyle(renderKinds(), { plain: true, types: ['style'] });
}

/**
 * The CSS variables of the theme and of every kind the app renders, in both themes, as the
 * `<style>` elements antd itself inserts (each marked with its hash): written into the page's head
 * by the build, antd finds each one there when a kind first renders and inserts nothing, where it
 * inserted 34 elements in a load of the workspace screen (docs/performance.md "antd's CSS
 * variables written into the page"). The keys are the app's own (web/src/app/antd-theme.ts);
 * a variable that differs at runtime is rewritten by antd in its element, as before.
 */
export function extractAntdCssVariables(): string {
  const { extractStyle } = cssInJs();
  const elements = (cache: unknown, type: string) =>
    extractStyle(cache, { plain: false, types: [type] })
      .match(STYLE_ELEMENT)
      ?.join('') ?? '';
  return [false, true]
    .map((dark) => {
      const cache = renderKinds(dark);
      // The theme's element is marked, at runtime, with the hash of its key (useCacheToken), not
      // with the token's hash the extraction writes.
      const theme = elements(cache, 'token').replace(
        /data-css-hash="[^"]*"/,
        `data-css-hash="${emotionHash()(`css-var-${antdCssVarKey(dark)}`)}"`,
      );
      return theme + elements(cache, 'cssVar');
    })
    .join('');
}

/** One `<style>` element antd marks with its hash (the extraction also writes an unmarked one). */
const STYLE_ELEMENT = /<style[^>]*\bdata-css-hash=[^>]*>[^<]*<\/style>/g;

/** The hash @ant-design/cssinjs marks its elements with. */
function emotionHash(): (text: string) => string {
  const require = createRequire(createRequire(import.meta.url).resolve('@ant-design/cssinjs'));
  return (require('@emotion/hash') as { default: (text: string) => string }).default;
}

function cssInJs(): CssInJs {
  return createRequire(import.meta.url)('@ant-design/cssinjs') as CssInJs;
}

/** Every kind rendered once in Node, in the light or dark theme; answers antd's style cache. */
function renderKinds(dark = false): unknown {
  const require = createRequire(import.meta.url);
  const React = require('react') as Antd['React'];
  const { renderToString } = require('react-dom/server') as {
    renderToString: (node: unknown) => string;
  };
  const antd = require('antd') as Antd['antd'];
  const cssinjs = cssInJs();
  const cache = cssinjs.createCache();
  const h = React.createElement;
  const theme = {
    algorithm: dark ? antd.theme.darkAlgorithm : antd.theme.defaultAlgorithm,
    cssVar: { key: antdCssVarKey(dark) },
  };
  renderToString(
    h(
      cssinjs.StyleProvider,
      { cache },
      h(antd.ConfigProvider, { theme }, h(antd.App, null, ...antdKinds({ React, antd }))),
    ),
  );
  return cache;
}

/**
 * `import 'virtual:antd-static-styles.css'`: antd's styles extracted at build time (above), and
 * the themes' CSS variables written into index.html's head; neither when Vite serves the app in
 * development, where antd hashes its styles differently.
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
    transformIndexHtml(html, context) {
      // The app's page only: the graph lab renders no antd.
      if (!build || context.path !== '/index.html') return html;
      // First in the head, where antd keeps its variables' elements (before any other style).
      return html.replace('<head>', `<head>${extractAntdCssVariables()}`);
    },
  };
}

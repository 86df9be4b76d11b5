/**
 * The key of antd's CSS variables in each theme: the class every antd component carries and the
 * selector of its variables (`.wp-light.ant-btn{--ant-button-…}`). Fixed, where antd would make one
 * with React's useId, so that the build can write both themes' variables into the page ahead of
 * the app (web/vite/antd-static-styles.ts): antd then finds them there instead of inserting a
 * `<style>` per component kind in the first renders (docs/performance.md "antd's CSS variables
 * written into the page"). One key per theme, so both sets can sit in the page at once.
 */
export const antdCssVarKey = (dark: boolean): string => (dark ? 'wp-dark' : 'wp-light');

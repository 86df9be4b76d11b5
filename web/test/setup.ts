import { configure } from '@testing-library/react';

// jsdom lacks a few browser APIs that antd relies on.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}

// findBy/waitFor wait up to 5 s instead of 1 s: on a 2-core CI machine running other projects'
// tests beside these, antd's first renders and React transitions can take over a second.
configure({ asyncUtilTimeout: 5000 });

/* global window, document -- functions passed to page.evaluate run in the browser */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../../../scripts/lib/chromium.mjs';
import { phasesOf } from './phases.mjs';

/** The mark web/src/graph/engine-stats.ts sets when a graph's first frame is on screen. */
const FIRST_FRAME_MARK = 'warmpath:graph-first-frame';

/**
 * Main-thread tasks of the page in a Chromium trace, by CPU time (the thread's own clock, `tdur`:
 * on a shared machine a task's wall time also counts the time the OS gave the core to others).
 * Tasks that run a DevTools message are the benchmark's own work on the page (its polling), not
 * the app's: left out, as are the tasks of Chromium's own pages. Answers the app's tasks over 50 ms
 * and the longest, and the longest CPU of any app task (`longestAnyCpuMs`).
 */
export function appLongTasks(traceEvents) {
  // Chromium's own pages (the omnibox popup's "WebUI Top Renderer", which recent headless builds
  // start too) have a renderer main thread of their own: their tasks are not the app's. Their
  // process is not always named so in the trace (some traces call it "Renderer"), so a renderer
  // that loads chrome:// resources is one too: its module evaluation (the popup's scripts, 42-93 ms
  // of CPU) was once counted as the app's boot (docs/performance.md#where-the-first-picture-goes).
  const browserPages = new Set(
    traceEvents
      .filter(
        (e) =>
          (e.ph === 'M' && e.name === 'process_name' && /WebUI/i.test(e.args?.name ?? '')) ||
          (e.name === 'ResourceSendRequest' && /^chrome(-untrusted)?:/.test(e.args?.data?.url ?? '')),
      )
      .map((e) => e.pid),
  );
  const mains = new Set(
    traceEvents
      .filter(
        (e) =>
          e.ph === 'M' &&
          e.name === 'thread_name' &&
          e.args?.name === 'CrRendererMain' &&
          !browserPages.has(e.pid),
      )
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const onMain = (e) => e.ph === 'X' && mains.has(`${e.pid}:${e.tid}`);
  const devtoolsStarts = traceEvents
    .filter(
      (e) =>
        onMain(e) &&
        e.name === 'Receive mojo message' &&
        e.args?.chrome_mojo_event_info?.mojo_interface_tag === 'blink.mojom.DevToolsSession',
    )
    .map((e) => e.ts);
  const isDevtools = (task) => devtoolsStarts.some((ts) => ts >= task.ts && ts - task.ts < 100);
  const tasks = traceEvents
    .filter((e) => onMain(e) && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask'))
    .sort((x, y) => x.ts - y.ts || (y.dur ?? 0) - (x.dur ?? 0));
  const over = [];
  let end = -1;
  let longestAnyCpuMs = 0;
  for (const task of tasks) {
    if (task.ts < end) continue; // a task run inside another counts once
    end = task.ts + (task.dur ?? 0);
    const cpuMs = (task.tdur ?? 0) / 1000;
    if (cpuMs <= Math.min(50, longestAnyCpuMs) || isDevtools(task)) continue;
    longestAnyCpuMs = Math.max(longestAnyCpuMs, cpuMs);
    if (cpuMs > 50) over.push({ cpuMs, wallMs: (task.dur ?? 0) / 1000, parts: partsOf(task, traceEvents) });
  }
  return {
    tasks: over,
    count: over.length,
    longestCpuMs: Math.max(0, ...over.map((t) => t.cpuMs)),
    longestWallMs: Math.max(0, ...over.map((t) => t.wallMs)),
    totalCpuMs: over.reduce((sum, t) => sum + t.cpuMs, 0),
    longestAnyCpuMs,
  };
}

/**
 * What a long task is made of: the events directly inside it on its thread (script by function and
 * file, garbage collections, style, layout), the largest first, as "name cpu-ms".
 */
function partsOf(task, traceEvents) {
  const end = task.ts + (task.dur ?? 0);
  const inside = traceEvents
    .filter(
      (e) =>
        e !== task &&
        e.ph === 'X' &&
        e.pid === task.pid &&
        e.tid === task.tid &&
        e.ts >= task.ts &&
        e.ts + (e.dur ?? 0) <= end,
    )
    .sort((x, y) => x.ts - y.ts || (y.dur ?? 0) - (x.dur ?? 0));
  const top = [];
  let until = -1;
  for (const event of inside) {
    if (event.ts < until) continue; // inside an event already listed
    until = event.ts + (event.dur ?? 0);
    top.push(event);
  }
  return top
    .map((e) => ({ name: eventName(e), cpuMs: (e.tdur ?? e.dur ?? 0) / 1000 }))
    .filter((part) => part.cpuMs >= 1)
    .sort((x, y) => y.cpuMs - x.cpuMs)
    .slice(0, 8)
    .map((part) => `${part.name} ${part.cpuMs.toFixed(1)}`);
}

function eventName(event) {
  const data = event.args?.data ?? {};
  const file = (data.url ?? data.scriptName ?? '').split('/').pop();
  if (data.functionName || file)
    return `${event.name}(${data.functionName ?? ''}@${file}:${data.lineNumber ?? ''})`;
  return event.name;
}

/**
 * Headless Debian chromium and a context signed in as the app is (the session cookie), whose pages
 * keep their long tasks (PerformanceObserver, wall time) in `window.__longTasks`. Close the browser.
 */
export async function signedInBrowser({ baseUrl, cookie, viewport = { width: 1440, height: 900 } }) {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: CHROMIUM_ARGS,
  });
  const context = await browser.newContext({ viewport });
  const { hostname } = new URL(baseUrl);
  await context.addCookies(
    cookie.split('; ').map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), domain: hostname, path: '/' };
    }),
  );
  await context.addInitScript(() => {
    const tasks = [];
    window.__longTasks = tasks;
    new PerformanceObserver((list) =>
      list.getEntries().forEach((entry) => tasks.push({ start: entry.startTime, duration: entry.duration })),
    ).observe({ type: 'longtask', buffered: true });
    // Style elements of CSS variables antd inserted once the page was parsed (those the build
    // wrote into the page are found there, not inserted: web/vite/antd-static-styles.ts).
    window.__cssVariableInserts = 0;
    new MutationObserver((records) => {
      if (document.readyState === 'loading') return;
      for (const record of records)
        for (const node of record.addedNodes)
          if (node.nodeName === 'STYLE' && /^[^{]*\{--ant-/.test(node.textContent ?? ''))
            window.__cssVariableInserts += 1;
    }).observe(document, { childList: true, subtree: true });
  });
  return { browser, context };
}

/**
 * Runs `run()` with `page` traced; answers its result and the app's main-thread tasks over 50 ms
 * of CPU in the trace (appLongTasks). BENCH_TRACE_DIR keeps the trace, as `<name>-<time>.json`, with
 * JavaScript stacks (which cost the page a little; measured runs go without them), to open in
 * Chromium's performance panel or to read by script.
 */
export async function traced(browser, page, name, run) {
  const stacks = process.env.BENCH_TRACE_DIR
    ? ['disabled-by-default-devtools.timeline.stack', 'v8.execute', 'disabled-by-default-v8.cpu_profiler']
    : [];
  // blink.user_timing: the app's marks and measures, the workers' too (phases.mjs).
  await browser.startTracing(page, {
    categories: ['toplevel', 'devtools.timeline', 'blink.user_timing', ...stacks],
  });
  const result = await run();
  const traceBytes = await browser.stopTracing();
  if (process.env.BENCH_TRACE_DIR) {
    mkdirSync(process.env.BENCH_TRACE_DIR, { recursive: true });
    writeFileSync(join(process.env.BENCH_TRACE_DIR, `${name}-${Date.now()}.json`), traceBytes);
  }
  const trace = JSON.parse(traceBytes.toString('utf8'));
  const events = trace.traceEvents ?? trace;
  return { result, cpu: appLongTasks(events), events };
}

/**
 * Opens `path` signed in (the session cookie), as the app is opened, and measures the first picture:
 * navigation start to the first frame of a graph of at least `nodes` nodes on screen (the mark),
 * the main-thread tasks until `afterMs` after it (trace, by CPU time, and the page's own long task
 * observer, by wall time), the network answers the data worker got and how it read the network
 * (the page's `warmpath:network-read` marks: base + patch assembled, or the per-viewer route, and the
 * time of applying the patch). `accept` replaces the data worker's Accept header (application/json:
 * the app as it was before the compact encoding); `split: false` answers the base and patch routes
 * 404, so the worker reads the per-viewer route as before base + patch (docs/workspace-network.md#in-the-browser).
 */
export async function measureFirstPicture({
  baseUrl,
  cookie,
  path,
  nodes,
  accept,
  split = true,
  capMs = 240_000,
  afterMs = 3000,
}) {
  const { browser, context } = await signedInBrowser({ baseUrl, cookie });
  try {
    const answers = [];
    context.on('response', async (response) => {
      if (!/\/api\/(teams\/\d+\/)?network(\/base|\/patch)?$/.test(new URL(response.url()).pathname)) return;
      const headers = await response.allHeaders();
      answers.push({
        path: new URL(response.url()).pathname.replace(/^\/api\/(teams\/\d+\/)?/, ''),
        status: response.status(),
        type: headers['content-type'],
        encoding: headers['content-encoding'],
        bytes: Number(headers['content-length'] ?? NaN),
      });
    });
    if (accept)
      await context.route(/\/api\/(teams\/\d+\/)?network$/, (route) =>
        route.continue({ headers: { ...route.request().headers(), accept } }),
      );
    if (!split)
      await context.route(/\/api\/teams\/\d+\/network\/(base|patch)$/, (route) =>
        route.fulfill({ status: 404, contentType: 'application/json', body: '{"message":"Not found"}' }),
      );
    const page = await context.newPage();
    const { cpu, events } = await traced(browser, page, 'first-picture', async () => {
      await page.goto(new URL(path, baseUrl).href);
      await page.waitForFunction(
        ({ mark, nodes }) => performance.getEntriesByName(mark).some((entry) => entry.detail?.nodes >= nodes),
        { mark: FIRST_FRAME_MARK, nodes },
        { timeout: capMs, polling: 500 },
      );
      await page.waitForTimeout(afterMs);
    });
    const seen = await page.evaluate(
      ({ mark, nodes }) => {
        const frame = performance.getEntriesByName(mark).find((entry) => entry.detail?.nodes >= nodes);
        return {
          firstPictureMs: frame.startTime,
          nodes: frame.detail.nodes,
          longestWallTaskMs: Math.max(0, ...window.__longTasks.map((task) => task.duration)),
          reads: performance
            .getEntriesByName('warmpath:network-read')
            .map((read) => ({ atMs: read.startTime, ...read.detail })),
          // antd's component styles generated in the page (the theme's CSS variables left out):
          // none for the kinds in the style sheet built with the app (web/vite/antd-static-styles.ts).
          antdStylesGenerated: [...document.head.querySelectorAll('style[data-css-hash]')].filter(
            (style) => !/^[^{]*\{--ant-/.test(style.textContent ?? ''),
          ).length,
          cssVariableInserts: window.__cssVariableInserts,
        };
      },
      { mark: FIRST_FRAME_MARK, nodes },
    );
    return { ...seen, cpu, answers, phases: phasesOf(events, seen.firstPictureMs) };
  } finally {
    await browser.close();
  }
}

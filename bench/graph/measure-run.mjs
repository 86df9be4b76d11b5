/* global window -- functions passed to page.evaluate run in the browser */
import { heapUsage } from './browser.mjs';
import { panAndZoom, START_RAF_RECORDER } from './pan-zoom.mjs';
import { blocking, intervals, median, percentile } from './stats.mjs';
import { mainThreadTasks, startTrace } from './trace.mjs';

const POLL_MS = 250;
/** After settling: our auto-fit (500 ms delay + 400 ms flight) is over before the pan/zoom starts. */
const QUIET_MS = 1500;

/** Evaluates with a deadline: a page stuck in a long task (force-graph's warm-up) must not hang the run. */
async function evaluateWithin(page, fn, ms) {
  let timer;
  const timeout = new Promise((resolve) => (timer = setTimeout(() => resolve(undefined), ms)));
  try {
    return await Promise.race([page.evaluate(fn).catch(() => undefined), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function waitForSettle(page, capMs) {
  const started = Date.now();
  while (Date.now() - started < capMs) {
    const state = await evaluateWithin(
      page,
      () => (window.__graphLab ? { settled: window.__graphLab.settledAt !== null } : null),
      POLL_MS * 4,
    );
    if (state?.settled) return true;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return false;
}

const collect = (since) => {
  const lab = window.__graphLab;
  return {
    nodes: lab.nodes,
    links: lab.links,
    t0: lab.t0,
    firstFrameAt: lab.firstFrameAt,
    settledAt: lab.settledAt,
    now: performance.now(),
    longTasks: lab.longTasks,
    frames: lab.rendererFrames(since ?? lab.t0),
    workerFrames: lab.workerFrames(since ?? lab.t0),
  };
};

/** One engine on one graph size: load, settle (capped), 5 s of pan and zoom, heap. */
export async function measureRun({ context, baseUrl, engine, size, capMs, prewarm = true }) {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const cdp = await context.newCDPSession(page);
  const stopTrace = await startTrace(cdp);
  try {
    await page.goto(
      `${baseUrl}/graph-lab.html?n=${size}&seed=1&engine=${engine}${prewarm ? '' : '&prewarm=0'}`,
    );
    const isSettled = await waitForSettle(page, capMs);
    const settling = await evaluateWithin(page, collect, 10_000);
    // Still inside one long task at the cap (force-graph's warm-up at 30,000): nothing to read.
    if (!settling)
      return {
        engine,
        size,
        links: null,
        firstFrameMs: null,
        settledMs: null,
        blocking: null,
        streaming: null,
        panZoom: null,
        cpu: null,
        heap: null,
        errors: ['page still blocked at the cap'],
      };
    const end = settling.settledAt ?? settling.now;
    const result = {
      engine,
      size,
      links: settling.links,
      firstFrameMs: settling.firstFrameAt === null ? null : settling.firstFrameAt - settling.t0,
      settledMs: isSettled ? settling.settledAt - settling.t0 : null,
      blocking: blocking(settling.longTasks, settling.t0, end),
      streaming: frameStats(
        settling.frames.filter((frame) => frame.at <= end),
        settling.workerFrames.filter((frame) => frame.at <= end),
      ),
      panZoom: null,
      heap: null,
      errors,
    };
    if (isSettled) result.panZoom = await measurePanZoom(page);
    const events = await stopTrace();
    result.cpu = {
      settling: mainThreadTasks(events, 'graph-lab:t0', isSettled ? 'graph-lab:settled' : null),
      panZoom: isSettled ? mainThreadTasks(events, 'bench:pan-start', 'bench:pan-end') : null,
    };
    result.heap = await heapUsage(context, page);
    return result;
  } finally {
    await page.close({ runBeforeUnload: false }).catch(() => undefined);
  }
}

async function measurePanZoom(page) {
  await page.waitForTimeout(QUIET_MS);
  const since = await page.evaluate(() => performance.mark('bench:pan-start').startTime);
  await page.evaluate(START_RAF_RECORDER);
  await panAndZoom(page);
  const raf = await page.evaluate(() => (performance.mark('bench:pan-end'), window.__rafRecorder.stop()));
  const frames = await page.evaluate(collect, since);
  const drawn = frames.workerFrames.length > 0 ? frames.workerFrames : frames.frames;
  const tasks = blocking(frames.longTasks, since, frames.now);
  return {
    ...frameStats(frames.frames, frames.workerFrames),
    drawnMedian: median(intervals(drawn)),
    drawnP95: percentile(intervals(drawn), 95),
    drawnCount: drawn.length,
    rafMedian: median(raf),
    rafP95: percentile(raf, 95),
    longTasks: tasks,
  };
}

function frameStats(frames, workerFrames) {
  const main = frames.map((frame) => frame.ms);
  const worker = workerFrames.map((frame) => frame.ms);
  return {
    mainMedian: median(main),
    mainP95: percentile(main, 95),
    mainCount: main.length,
    workerMedian: median(worker),
    workerP95: percentile(worker, 95),
  };
}

// Where a load's time to first picture goes, read from its Chromium trace (docs/performance.md#where-the-first-picture-goes):
// the app's requests (sent, answered) and each of the page's threads' CPU (the main thread, the
// data worker, the render worker, the layout worker) before the first picture, with its busiest
// tasks. `node bench/src/workspace-bench/phases.mjs <trace.json> [first picture ms]` reads a trace
// kept with BENCH_TRACE_DIR.
import { readFileSync } from 'node:fs';

/** A worker thread's name, from the script it runs (`assets/network-data.worker-<hash>.js`). */
const WORKERS = [
  [/network-data\.worker/, 'data worker'],
  [/render\.worker/, 'render worker'],
  [/layout\.worker/, 'layout worker'],
];

// A worker runs the continuations of its async functions (the data worker's decode after its
// fetches) as microtask checkpoints of their own, outside any task.
const TOP_LEVEL = new Set(['RunTask', 'ThreadControllerImpl::RunTask', 'RunMicrotasks']);
const isTask = (e) => e.ph === 'X' && TOP_LEVEL.has(e.name);
const ms = (us) => us / 1000;

/** The page's renderer: the process whose main thread requested the page's document. */
function pageThreads(events) {
  // The first request for an http(s) address (Chromium's own pages load chrome:// ones).
  const document = events.find(
    (e) => e.name === 'ResourceSendRequest' && /^https?:/.test(e.args?.data?.url ?? ''),
  );
  if (!document) return undefined;
  const pid = document.pid;
  const named = new Map();
  for (const e of events)
    if (e.pid === pid && e.ph === 'M' && e.name === 'thread_name') named.set(e.tid, e.args?.name ?? '');
  const threads = new Map();
  for (const [tid, name] of named) {
    if (name === 'CrRendererMain') threads.set(tid, 'main');
    if (name !== 'DedicatedWorker thread') continue;
    const script = events.find(
      (e) => e.pid === pid && e.tid === tid && e.name === 'v8.compileModule' && e.args?.data?.url,
    )?.args.data.url;
    const label =
      WORKERS.find(([pattern]) => pattern.test(script ?? ''))?.[1] ?? `worker ${script?.split('/').pop()}`;
    threads.set(tid, label);
  }
  return { pid, start: document.ts, threads };
}

/** The largest part of a task besides garbage collection, as "name@file" (else the task's name). */
function mainPart(task, byThread) {
  const end = task.ts + (task.dur ?? 0);
  let best;
  for (const e of byThread) {
    if (e.ts < task.ts) continue;
    if (e.ts > end) break;
    if (e === task || isTask(e) || e.ph !== 'X' || /GC/.test(e.name)) continue;
    if (!best || (e.tdur ?? e.dur ?? 0) > (best.tdur ?? best.dur ?? 0)) best = e;
  }
  if (!best) return task.name;
  const data = best.args?.data ?? {};
  const file = (data.url ?? data.scriptName ?? '').split('/').pop();
  return file ? `${best.name}@${file}` : best.name;
}

/**
 * The load's phases: requests (path, sent and answered in ms from the document's request) and,
 * per thread, its CPU until `firstPictureMs` (all of it without), its first and last task in that
 * window, and its three longest tasks (CPU, start, largest part).
 */
export function phasesOf(events, firstPictureMs = Infinity) {
  const page = pageThreads(events);
  if (!page) return undefined;
  const at = (ts) => ms(ts - page.start);
  const sent = new Map();
  const requests = [];
  for (const e of events) {
    const data = e.args?.data;
    if (e.pid !== page.pid) continue;
    if (e.name === 'ResourceSendRequest' && data?.url)
      sent.set(data.requestId, { url: data.url, at: at(e.ts) });
    if (e.name === 'ResourceFinish' && sent.has(data?.requestId)) {
      const request = sent.get(data.requestId);
      const path = new URL(request.url).pathname;
      requests.push({ path, sentMs: request.at, doneMs: at(e.ts), bytes: data.encodedDataLength });
    }
  }
  const threads = [];
  for (const [tid, label] of page.threads) {
    const own = events
      .filter((e) => e.pid === page.pid && e.tid === tid && e.ph === 'X')
      .sort((x, y) => x.ts - y.ts);
    const tasks = [];
    let end = -1;
    for (const task of own) {
      if (!isTask(task) || task.ts < end) continue;
      end = task.ts + (task.dur ?? 0);
      if (at(task.ts) > firstPictureMs) break;
      tasks.push(task);
    }
    const busy = tasks.filter((t) => (t.tdur ?? 0) >= 1000);
    if (busy.length === 0) continue;
    threads.push({
      thread: label,
      cpuMs: tasks.reduce((sum, t) => sum + ms(t.tdur ?? 0), 0),
      firstMs: at(busy[0].ts),
      lastMs: at(busy.at(-1).ts + (busy.at(-1).dur ?? 0)),
      longest: [...tasks]
        .sort((x, y) => (y.tdur ?? 0) - (x.tdur ?? 0))
        .slice(0, 3)
        .map((t) => ({ cpuMs: ms(t.tdur ?? 0), atMs: at(t.ts), part: mainPart(t, own) })),
    });
  }
  // The app's marks and measures (warmpath:*), on whichever of the page's threads set them.
  const begun = new Map();
  const marks = [];
  for (const e of events) {
    if (e.pid !== page.pid || !e.name?.startsWith('warmpath:') || !/user_timing/.test(e.cat ?? '')) continue;
    const thread = page.threads.get(e.tid) ?? 'page';
    if (e.ph === 'b') begun.set(`${e.name}:${e.id ?? e.id2?.local}`, e);
    else if (e.ph === 'e') {
      const start = begun.get(`${e.name}:${e.id ?? e.id2?.local}`);
      if (start)
        marks.push({
          name: e.name,
          thread: page.threads.get(start.tid) ?? thread,
          atMs: at(start.ts),
          durMs: ms(e.ts - start.ts),
        });
    } else marks.push({ name: e.name, thread, atMs: at(e.ts), durMs: null });
  }
  marks.sort((x, y) => x.atMs - y.atMs);
  return {
    requests: requests.filter((r) => r.path.startsWith('/api/') || r.bytes > 100_000),
    threads,
    marks,
  };
}

/** phasesOf as lines to print. */
export function phaseLines(phases) {
  if (!phases) return ['no page found in the trace'];
  const f = (value) => value.toFixed(0);
  return [
    ...phases.requests.map(
      (r) =>
        `  request ${r.path}: sent ${f(r.sentMs)} ms, answered ${f(r.doneMs)} ms (${(r.bytes / 1e3).toFixed(0)} kB)`,
    ),
    ...(phases.marks ?? []).map(
      (m) => `  ${m.name} (${m.thread}) at ${f(m.atMs)} ms${m.durMs == null ? '' : `, for ${f(m.durMs)} ms`}`,
    ),
    ...phases.threads.map(
      (t) =>
        `  ${t.thread}: ${f(t.cpuMs)} ms of CPU, busy from ${f(t.firstMs)} to ${f(t.lastMs)} ms; longest ${t.longest
          .map((task) => `${f(task.cpuMs)} ms at ${f(task.atMs)} (${task.part})`)
          .join(', ')}`,
    ),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const trace = JSON.parse(readFileSync(process.argv[2], 'utf8'));
  const firstPicture = Number(process.argv[3] ?? Infinity);
  for (const line of phaseLines(phasesOf(trace.traceEvents ?? trace, firstPicture))) console.log(line);
}

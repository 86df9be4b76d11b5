/**
 * A DevTools trace of the page's main thread. Long tasks by wall clock alone mislead on a
 * loaded 2-core machine: a task preempted by other processes "lasts" 80 ms for 10 ms of work.
 * The trace also has each task's thread CPU time, so the report can tell the two apart.
 */
export async function startTrace(cdp) {
  const events = [];
  cdp.on('Tracing.dataCollected', (event) => events.push(...event.value));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', {
    categories: 'disabled-by-default-devtools.timeline,devtools.timeline,blink.user_timing',
    transferMode: 'ReportEvents',
  });
  return async () => {
    await cdp.send('Tracing.end');
    await complete;
    return events;
  };
}

/** Main-thread tasks between two user-timing marks (the second may be missing: to the end). */
export function mainThreadTasks(events, fromMark, toMark) {
  const main = events.find(
    (event) =>
      event.name === 'thread_name' &&
      event.args?.name === 'CrRendererMain' &&
      events.some((other) => other.pid === event.pid && other.name === fromMark),
  );
  if (!main) return null;
  const markAt = (name) => events.find((event) => event.pid === main.pid && event.name === name)?.ts;
  const from = markAt(fromMark);
  const to = (toMark && markAt(toMark)) ?? Infinity;
  const tasks = events.filter(
    (event) =>
      event.pid === main.pid &&
      event.tid === main.tid &&
      event.name === 'RunTask' &&
      event.ph === 'X' &&
      event.ts >= from &&
      event.ts <= to,
  );
  const over = (field) => tasks.filter((task) => (task[field] ?? 0) > 50_000);
  const longest = (field) => tasks.reduce((max, task) => Math.max(max, (task[field] ?? 0) / 1000), 0);
  return {
    tasks: tasks.length,
    wallOver50: over('dur').length,
    cpuOver50: over('tdur').length,
    longestWall: longest('dur'),
    longestCpu: longest('tdur'),
  };
}

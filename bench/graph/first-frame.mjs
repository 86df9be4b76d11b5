/* global window -- functions passed to page.evaluate run in the browser */
import { median } from './stats.mjs';

/** One page load of our engine until its first frame: ms from the data to that frame, long tasks until then. */
async function loadOnce({ context, baseUrl, size, isWarm, capMs }) {
  const page = await context.newPage();
  try {
    await page.goto(`${baseUrl}/graph-lab.html?n=${size}&seed=1${isWarm ? '' : '&prewarm=0'}`);
    await page.waitForFunction(() => window.__graphLab?.firstFrameAt != null, null, {
      timeout: capMs,
      polling: 100,
    });
    return await page.evaluate(() => {
      const lab = window.__graphLab;
      const tasks = lab.longTasks.filter((task) => task.start >= lab.t0 && task.start <= lab.firstFrameAt);
      return {
        ms: lab.firstFrameAt - lab.t0,
        longest: tasks.reduce((max, task) => Math.max(max, task.duration), 0),
      };
    });
  } catch {
    return null;
  } finally {
    await page.close().catch(() => undefined);
  }
}

/**
 * First frame over several page loads, warm (render worker booted while the data was coming,
 * as the app does with prewarmGraphEngine) and cold (engine created with the data). On a shared
 * 2-core machine one load can be off by hundreds of ms, so medians are reported.
 */
export async function measureFirstFrames({ context, baseUrl, size, capMs, repeats = 3 }) {
  const result = { size };
  for (const isWarm of [true, false]) {
    const loads = [];
    for (let i = 0; i < repeats; i++) loads.push(await loadOnce({ context, baseUrl, size, isWarm, capMs }));
    const times = loads.filter(Boolean).map((load) => load.ms);
    result[isWarm ? 'warm' : 'cold'] = {
      median: median(times),
      min: Math.min(...times),
      max: Math.max(...times),
      longestTask: Math.max(0, ...loads.filter(Boolean).map((load) => load.longest)),
    };
  }
  return result;
}

/* global window -- functions passed to page.evaluate run in the browser */
/** Our engine created together with the data (no prewarm): first frame and long tasks until it. */
export async function measureColdStart({ context, baseUrl, size, capMs }) {
  const page = await context.newPage();
  try {
    await page.goto(`${baseUrl}/graph-lab.html?n=${size}&seed=1&prewarm=0`);
    await page.waitForFunction(() => window.__graphLab?.firstFrameAt != null, null, { timeout: capMs, polling: 100 });
    return await page.evaluate(() => {
      const lab = window.__graphLab;
      const tasks = lab.longTasks.filter((task) => task.start >= lab.t0 && task.start <= lab.firstFrameAt);
      return { size: lab.nodes, firstFrameMs: lab.firstFrameAt - lab.t0, longTasks: tasks.length, longest: tasks.reduce((max, task) => Math.max(max, task.duration), 0) };
    });
  } catch {
    return { size, firstFrameMs: null, longTasks: null, longest: null };
  } finally {
    await page.close().catch(() => undefined);
  }
}

/** The issue's targets, checked against the runs; each with a verdict and the numbers behind it. */
export function checkTargets(runs, firstFrames = []) {
  const ours = runs.filter((run) => run.engine === 'warmpath');
  const at = (engine, size) => runs.find((run) => run.engine === engine && run.size === size);
  const verdicts = [];
  // Judged by CPU time: on a shared 2-core machine wall-clock long tasks include time the
  // page's thread waited for a core or for the software compositor (both listed in the table).
  const worstCpu = ours.reduce(
    (max, run) => Math.max(max, run.cpu?.settling?.longestCpu ?? Infinity, run.cpu?.panZoom?.longestCpu ?? 0),
    0,
  );
  const worstWall = ours.reduce(
    (max, run) => Math.max(max, run.blocking?.longest ?? Infinity, run.panZoom?.longTasks.longest ?? 0),
    0,
  );
  verdicts.push({
    target: 'no main-thread task over 50 ms caused by the graph at any size (ours)',
    holds: worstCpu <= 50,
    detail: `longest task ${Math.round(worstCpu)} ms of CPU; ${Math.round(worstWall)} ms by wall clock`,
  });
  const big = at('warmpath', 30000);
  const firstAtBig = firstFrames.find((row) => row.size === 30000)?.warm.median ?? big?.firstFrameMs ?? null;
  if (big || firstAtBig !== null)
    verdicts.push({
      target: 'first frame within 1 s at 30,000 (median of 3 loads, warm engine)',
      holds: firstAtBig !== null && firstAtBig <= 1000,
      detail: `${Math.round(firstAtBig ?? NaN)} ms`,
    });
  const mine = at('warmpath', 10000);
  const peer = at('force-graph', 10000);
  if (mine && peer) {
    const peerMs = peer.settledMs;
    const holds = mine.settledMs !== null && (peerMs === null || mine.settledMs * 3 <= peerMs);
    verdicts.push({
      target: 'settled at 10,000 in at most 1/3 of force-graph',
      holds,
      detail: `${Math.round(mine.settledMs ?? NaN)} ms vs ${peerMs === null ? 'over the cap' : `${Math.round(peerMs)} ms`}`,
    });
  }
  if (big) {
    const medians = [big.streaming?.mainMedian, big.panZoom?.mainMedian].filter(
      (value) => value !== null && value !== undefined,
    );
    const holds = medians.length > 0 && medians.every((value) => value <= 4);
    verdicts.push({
      target: 'renderer main-thread time per frame ≤ 4 ms median at 30,000',
      holds,
      detail: medians.map((value) => `${value.toFixed(2)} ms`).join(' streaming, ') + ' pan+zoom',
    });
  }
  return verdicts;
}

const ms = (value) =>
  value === null || value === undefined
    ? '—'
    : value >= 1000
      ? `${(value / 1000).toFixed(1)} s`
      : `${Math.round(value)} ms`;
const fine = (value) =>
  value === null || value === undefined ? '—' : value < 10 ? value.toFixed(2) : value.toFixed(1);
const mb = (bytes) => (bytes ? `${(bytes / 1048576).toFixed(0)} MB` : '—');
const engineName = (run) => (run.engine === 'warmpath' ? 'ours' : 'force-graph');

function table(header, rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** Markdown tables of every run: timing and blocking, then per-frame costs and memory. */
export function formatReport(runs, capMs) {
  const timing = table(
    [
      'engine',
      'people',
      'links',
      'first frame',
      'settled',
      'long tasks while settling (wall)',
      'longest task wall / CPU',
      'tasks over 50 ms of CPU',
      'TBT while settling',
    ],
    runs.map((run) => [
      engineName(run),
      run.size.toLocaleString('en'),
      run.links?.toLocaleString('en') ?? '—',
      run.firstFrameMs === null ? `> ${ms(capMs)}` : ms(run.firstFrameMs),
      run.settledMs === null ? `> ${ms(capMs)}` : ms(run.settledMs),
      run.blocking ? String(run.blocking.count) : 'page blocked',
      run.blocking ? `${ms(run.blocking.longest)} / ${ms(run.cpu?.settling?.longestCpu)}` : `> ${ms(capMs)}`,
      run.cpu?.settling ? String(run.cpu.settling.cpuOver50) : '—',
      run.blocking ? ms(run.blocking.tbt) : `> ${ms(capMs)}`,
    ]),
  );
  const frames = table(
    [
      'engine',
      'people',
      'main-thread renderer ms/frame, streaming (median / p95)',
      'same, pan+zoom',
      'render worker ms/frame, pan+zoom',
      'drawn frame interval, pan+zoom (median / p95)',
      'page rAF interval, pan+zoom (median / p95)',
      'long tasks, pan+zoom: wall (over 50 ms of CPU)',
      'JS heap page / workers',
    ],
    runs.map((run) => {
      const pz = run.panZoom;
      return [
        engineName(run),
        run.size.toLocaleString('en'),
        run.streaming ? `${fine(run.streaming.mainMedian)} / ${fine(run.streaming.mainP95)}` : '—',
        pz ? `${fine(pz.mainMedian)} / ${fine(pz.mainP95)}` : 'not settled',
        pz && pz.workerMedian !== null ? `${fine(pz.workerMedian)} / ${fine(pz.workerP95)}` : '—',
        pz ? `${fine(pz.drawnMedian)} / ${fine(pz.drawnP95)}` : '—',
        pz ? `${fine(pz.rafMedian)} / ${fine(pz.rafP95)}` : '—',
        pz
          ? `${pz.longTasks.count}, max ${ms(pz.longTasks.longest)} (${run.cpu?.panZoom?.cpuOver50 ?? '—'}, max ${ms(run.cpu?.panZoom?.longestCpu)})`
          : '—',
        `${mb(run.heap?.page)} / ${mb(run.heap?.workers)}`,
      ];
    }),
  );
  return `${timing}\n\n${frames}`;
}

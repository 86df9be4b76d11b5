// Open-model load: requests start on a fixed schedule whether or not earlier ones have answered
// (a closed loop would slow down with the server and hide its queueing).

/** Starts `fire()` `rate` times a second for `seconds`; answers every outcome when all settled. */
export async function atFixedRate(rate, seconds, fire) {
  const total = Math.round(rate * seconds);
  const started = performance.now();
  const pending = [];
  for (let i = 0; i < total; i += 1) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(timed(fire));
  }
  return { outcomes: await Promise.all(pending), seconds: (performance.now() - started) / 1000 };
}

/** Starts `count` requests at once. */
export async function burst(count, fire) {
  const started = performance.now();
  const outcomes = await Promise.all(Array.from({ length: count }, () => timed(fire)));
  return { outcomes, seconds: (performance.now() - started) / 1000 };
}

/** One request: its status (0 for a network error) and how long it took. */
async function timed(fire) {
  const started = performance.now();
  let status = 0;
  try {
    status = await fire();
  } catch {
    status = 0;
  }
  return { status, ms: performance.now() - started };
}

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : NaN;

/** Successes per second over the phase, p50/p95 of the successes, failures by status. */
export function summarize(label, { outcomes, seconds }, isSuccess = (status) => status === 200) {
  const ok = outcomes
    .filter((o) => isSuccess(o.status))
    .map((o) => o.ms)
    .sort((a, b) => a - b);
  const failures = {};
  for (const o of outcomes) if (!isSuccess(o.status)) failures[o.status] = (failures[o.status] ?? 0) + 1;
  return {
    label,
    sent: outcomes.length,
    ok: ok.length,
    perSecond: ok.length / seconds,
    p50: percentile(ok, 0.5),
    p95: percentile(ok, 0.95),
    failures,
  };
}

export function printTable(title, rows) {
  const ms = (v) => (Number.isFinite(v) ? `${v.toFixed(0)} ms` : '-');
  console.log(`\n${title}\n`);
  console.log('| phase | sent | succeeded | held per s | p50 | p95 | failures (status: count) |');
  console.log('|---|---:|---:|---:|---:|---:|---|');
  for (const r of rows) {
    const failures =
      Object.entries(r.failures)
        .map(([s, n]) => `${s === '0' ? 'network' : s}: ${n}`)
        .join(', ') || '0';
    console.log(
      `| ${r.label} | ${r.sent} | ${r.ok} | ${r.perSecond.toFixed(1)} | ${ms(r.p50)} | ${ms(r.p95)} | ${failures} |`,
    );
  }
}

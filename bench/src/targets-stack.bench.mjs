// npm run bench:targets-stack (after the build) — target lists through the running stack
// (docs/targets.md#through-the-running-stack). Prints numbers; asserts nothing.
//
// Starts the whole stack on its own database and prefixes, and seeds the workspace of
// bench:workspace: BENCH_MEMBERS members (10) with 30,000 down to 10,000 connections each from a
// universe of BENCH_UNIVERSE people (120,000), here working at BENCH_COMPANIES companies (20,000, a
// few big employers and a long tail) so that a list's accounts are many distinct companies. Then,
// as the owner, over the gateway's HTTP API (as the web app or a CRM script calls it):
// - uploads of 1,000- and 5,000-row lists (CSV, half companies with legal-form noise, a quarter
//   profile URLs, a quarter name at company, some unknown), each followed by its first results
//   page: the first at the network version (the people index built), then BENCH_UPLOADS (20) more
//   of each size, p50/p95 of the wall time and the network service's and gateway's CPU per list;
// - a member's import with BENCH_LISTS lists (10: half 1,000 rows, half 5,000) marked seen: the
//   time from the import's completion until the list index shows a new way in on every list (all
//   lists matched again at the new version), then each list's first page, and the network
//   service's CPU and memory meanwhile;
//   BENCH_IMPORTS (1) such imports one after another, each by another member, lists marked seen again.
// - the results screen of a 1,000-row list in headless Debian chromium, BENCH_BROWSER_RUNS times (5):
//   navigation to the first result rows on screen, the app's main-thread tasks over 50 ms of CPU
//   (trace-based, workspace-bench/first-picture.mjs), then sorting by warmth and scrolling the
//   table, traced the same way. BENCH_BROWSER=0 skips it; BENCH_TRACE_DIR keeps the traces.
// For a quick run: BENCH_MEMBERS=3 BENCH_UNIVERSE=12000 BENCH_UPLOADS=3 BENCH_BROWSER_RUNS=1.
import { generateExportRows, seededRandom } from '@warmpath/testing';
import { loadavg } from 'node:os';
import { cpuMs, memoryMb, resetPeak } from './processes.mjs';
import { startBenchStack } from './stack.mjs';
import { COMPACT_MEDIA_TYPE, call, coldResponse, log } from './workspace-bench/http.mjs';
import { addPeople } from './workspace-bench/member-import.mjs';
import { seedWorkspace } from './workspace-bench/seed-workspace.mjs';
import { companyName } from './workspace-bench/target-companies.mjs';
import { targetListCsv } from './workspace-bench/target-list-csv.mjs';
import { measureTargetsScreen } from './workspace-bench/targets-screen.mjs';

const env = (name, fallback) => Number(process.env[name] ?? fallback);
const MEMBERS = env('BENCH_MEMBERS', 10);
const UNIVERSE = env('BENCH_UNIVERSE', 120_000);
const COMPANIES = env('BENCH_COMPANIES', 20_000);
const UPLOADS = env('BENCH_UPLOADS', 20);
const LISTS = env('BENCH_LISTS', 10);
const BROWSER = env('BENCH_BROWSER', 1) !== 0;
/** Members' imports measured one after another (each by another member, at most members − 1). */
const IMPORTS = Math.max(1, Math.min(env('BENCH_IMPORTS', 1), env('BENCH_MEMBERS', 10) - 1));
const BROWSER_RUNS = env('BENCH_BROWSER_RUNS', 5);
/** Results page size the web app asks for (TARGET_RESULTS_PAGE_MAX). */
const PAGE = 1000;
/** The company nobody works at until the member's import. */
const FRESH_COMPANY = 'Freshly Hired Ltd';

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const ms = (value) => (Number.isFinite(value) ? value.toFixed(0) : '-');

/** The universe of bench:workspace, each person with a company of COMPANIES (Zipf-like sizes). */
function universeOf() {
  const random = seededRandom(15);
  return [...generateExportRows(UNIVERSE, { seed: 14 })].map((row) =>
    row.company ? { ...row, company: companyName(Math.floor(COMPANIES * random() ** 2.5)) } : row,
  );
}

/** Each pooled person once (the members' networks overlap). */
function pooledPeople(networks) {
  const byUrl = new Map();
  for (const person of networks.flat())
    if (!byUrl.has(person.linkedinUrl)) byUrl.set(person.linkedinUrl, { ...person, url: person.linkedinUrl });
  return [...byUrl.values()];
}

function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

/** Median (min-max) of numbers, formatted by `format`; '-' for none. */
function spread(values, format) {
  if (values.length === 0) return '-';
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  const median = sorted.length % 2 ? sorted[Math.floor(middle)] : (sorted[middle - 1] + sorted[middle]) / 2;
  return `${format(median)} (${format(sorted[0])}-${format(sorted[sorted.length - 1])})`;
}

async function main() {
  const stack = await startBenchStack({
    label: 'targets',
    log,
    env: { SCRYPT_LOG_N: '12', REGISTER_MAX_PER_CLIENT: '1000' },
  });
  try {
    const base = stack.url;
    const pids = stack.pids();
    const cpu = () => ({ network: cpuMs(pids.network), gateway: cpuMs(pids.gateway) });
    const cpuSince = (before) => {
      const now = cpu();
      return { network: now.network - before.network, gateway: now.gateway - before.gateway };
    };
    const universe = universeOf();
    const { members, owner, teamId, networks, records } = await seedWorkspace({
      baseUrl: base,
      databaseUrl: stack.env.DATABASE_URL,
      members: MEMBERS,
      universe,
    });
    const people = pooledPeople(networks);
    log(`workspace ${teamId}: ${MEMBERS} members, ${records} connections, ${people.length} pooled people`);

    // The pooled network built first, as the workspace screen reads it: not a target list's cost.
    let started = performance.now();
    await (
      await coldResponse(`${base}/api/teams/${teamId}/network`, owner.cookie, { accept: COMPACT_MEDIA_TYPE })
    ).arrayBuffer();
    const pooledBuildMs = performance.now() - started;
    log(`pooled network built in ${ms(pooledBuildMs)} ms, load ${load()}`);

    const listsUrl = `${base}/api/teams/${teamId}/target-lists`;
    const upload = async (csv, name) => {
      const form = new FormData();
      form.append('name', name);
      form.append('file', new Blob([csv], { type: 'text/csv' }), `${name}.csv`);
      return (await call(listsUrl, owner.cookie, { method: 'POST', body: form })).json();
    };
    // Asked again on the gateway's 503/504 (its time budget, a first read at a new version on a
    // busy machine), as the other cold reads are: the time includes the waits.
    const firstPage = async (listId) =>
      (await coldResponse(`${listsUrl}/${listId}?offset=0&limit=${PAGE}`, owner.cookie)).json();
    /** Upload then the first results page, timed; the list is deleted afterwards unless `keep`. */
    const uploadAndRead = async (size, seed, keep = false) => {
      const csv = targetListCsv(people, size, { seed, companies: COMPANIES });
      const before = cpu();
      const t0 = performance.now();
      const list = await upload(csv, `Bench ${size} #${seed}`);
      const t1 = performance.now();
      const page = await firstPage(list.id);
      const t2 = performance.now();
      const used = cpuSince(before);
      if (!keep) await call(`${listsUrl}/${list.id}`, owner.cookie, { method: 'DELETE' });
      return {
        list,
        uploadMs: t1 - t0,
        readMs: t2 - t1,
        totalMs: t2 - t0,
        cpu: used,
        rows: page.rows.length,
        rowCount: page.rowCount,
        covered: page.coveredCount,
        skipped: page.list.skippedCount,
        load: loadavg()[0],
      };
    };

    resetPeak(pids.network);
    const rssBefore = memoryMb(pids.network);
    const uploads = {};
    for (const size of [1000, 5000]) {
      const first = await uploadAndRead(size, size);
      log(
        `${size}: first list at this version ${ms(first.totalMs)} ms (covered ${first.covered} of ${first.rowCount}, ${first.skipped} skipped, page ${first.rows} rows)`,
      );
      const runs = [];
      for (let i = 1; i <= UPLOADS; i++) runs.push(await uploadAndRead(size, size + i));
      uploads[size] = { first, runs };
      const totals = runs.map((r) => r.totalMs);
      log(
        `${size}: p50 ${ms(quantile(totals, 0.5))} ms, p95 ${ms(quantile(totals, 0.95))} ms, load ${load()}`,
      );
    }
    const rssAfterUploads = memoryMb(pids.network);

    // A member's import with LISTS lists marked seen: every list gains the fresh company.
    const kept = [];
    for (let l = 0; l < LISTS; l++) {
      const size = l % 2 ? 5000 : 1000;
      const csv = targetListCsv(people, size, {
        seed: 900 + l,
        companies: COMPANIES,
        first: [FRESH_COMPANY],
      });
      const list = await upload(csv, `Kept ${size} #${l}`);
      const page = await firstPage(list.id);
      await call(`${listsUrl}/${list.id}/seen`, owner.cookie, { method: 'PUT' });
      kept.push({ list, covered: page.coveredCount });
    }
    // The list index matches every list marked seen: right after an import it may wait for the
    // pooled rebuild past the gateway's budget (503/504), and is then asked again.
    const index = async () => (await (await coldResponse(listsUrl, owner.cookie)).json()).lists;
    // Between imports the previous one may still be rebuilding past the gateway's budget: again.
    const markSeen = async (listId) => {
      for (;;) {
        const response = await fetch(`${listsUrl}/${listId}/seen`, {
          method: 'PUT',
          headers: { cookie: owner.cookie },
        });
        await response.arrayBuffer();
        if (response.status < 300) return;
        if (response.status !== 503 && response.status !== 504)
          throw new Error(`marking ${listId} seen answered ${response.status}`);
        log(`marking ${listId} seen answered ${response.status} (still building), asking again`);
      }
    };
    await index();
    resetPeak(pids.network);
    const keptIds = new Set(kept.map((k) => k.list.id));
    // Each round a member who is no connector there yet imports people at the fresh company: a
    // new way in on every list, marked seen again before the next round.
    const rounds = [];
    for (let round = 0; round < IMPORTS; round++) {
      if (round > 0) {
        for (const { list } of kept) await markSeen(list.id);
        await index();
      }
      const importCpu = cpu();
      // CLOCK_MONOTONIC in µs, the clock of V8's CPU profiles: a WARMPATH_CPU_PROF=network profile
      // can be cut to this window.
      const windowFrom = process.hrtime.bigint() / 1000n;
      const importer = members[Math.min(1 + (round % Math.max(1, members.length - 1)), members.length - 1)];
      await addPeople(stack.env, importer, 20, round === 0 ? 'f' : `f${round}`, { company: FRESH_COMPANY });
      const imported = performance.now();
      let polls = 0;
      for (;;) {
        polls += 1;
        const lists = await index();
        const mine = lists.filter((list) => keptIds.has(list.id));
        if (mine.length === kept.length && mine.every((list) => list.newWaysIn >= 1)) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const reflectedMs = performance.now() - imported;
      log(`member's import window (monotonic µs) ${windowFrom}-${process.hrtime.bigint() / 1000n}`);
      rounds.push({ reflectedMs, reflectedCpu: cpuSince(importCpu), polls, load: loadavg()[0] });
      log(
        `import ${round + 1}: reflected on ${kept.length} lists in ${ms(reflectedMs)} ms (${polls} index reads)`,
      );
    }
    const { reflectedMs, reflectedCpu, polls, load: recomputeLoad } = rounds[0];
    const rssAfterImport = memoryMb(pids.network);
    const pageReads = [];
    for (const { list, covered } of kept) {
      const before = cpu();
      const t0 = performance.now();
      const page = await firstPage(list.id);
      pageReads.push({
        ms: performance.now() - t0,
        cpu: cpuSince(before),
        size: list.targetCount,
        gained: page.coveredCount - covered,
      });
    }
    log(`import reflected on ${kept.length} lists in ${ms(reflectedMs)} ms (${polls} index reads)`);

    const browserRuns = [];
    if (BROWSER) {
      const { list } = await uploadAndRead(1000, 4242, true);
      for (let run = 1; run <= BROWSER_RUNS; run++) {
        log(`opening the results screen of a 1,000-row list in chromium, run ${run}...`);
        const measured = await measureTargetsScreen({
          baseUrl: base,
          cookie: owner.cookie,
          path: `/workspaces/${teamId}/targets/${list.id}`,
        }).catch((error) => ({ error: String(error) }));
        browserRuns.push({ run, ...measured, load: loadavg()[0] });
      }
    }
    printReport({
      people: people.length,
      records,
      pooledBuildMs,
      uploads,
      rss: { before: rssBefore, afterUploads: rssAfterUploads, afterImport: rssAfterImport },
      recompute: { reflectedMs, reflectedCpu, polls, load: recomputeLoad, pageReads, rounds },
      browserRuns,
    });
  } finally {
    await stack.stop();
  }
}

function uploadRows(size, { first, runs }) {
  const of = (pick) => runs.map(pick);
  const p = (values, q) => ms(quantile(values, q));
  const target = size === 1000 ? '≤ 1 s' : '≤ 3 s';
  return [
    `| ${size.toLocaleString('en')}, first at the version (index built) | ${target} | ${ms(first.uploadMs)} | ${ms(first.readMs)} | ${ms(first.totalMs)} | | ${ms(first.cpu.network)} · ${ms(first.cpu.gateway)} | ${first.covered} of ${first.rowCount}, ${first.skipped} skipped, page ${first.rows} | ${first.load.toFixed(1)} |`,
    `| ${size.toLocaleString('en')}, ${runs.length} uploads, p50 | ${target} | ${p(
      of((r) => r.uploadMs),
      0.5,
    )} | ${p(
      of((r) => r.readMs),
      0.5,
    )} | ${p(
      of((r) => r.totalMs),
      0.5,
    )} | ${spread(
      of((r) => r.totalMs),
      ms,
    )} | ${p(
      of((r) => r.cpu.network),
      0.5,
    )} · ${p(
      of((r) => r.cpu.gateway),
      0.5,
    )} | page ${spread(
      of((r) => r.rows),
      String,
    )} | ${spread(
      of((r) => r.load),
      (v) => v.toFixed(1),
    )} |`,
    `| ${size.toLocaleString('en')}, ${runs.length} uploads, p95 | ${target} | ${p(
      of((r) => r.uploadMs),
      0.95,
    )} | ${p(
      of((r) => r.readMs),
      0.95,
    )} | ${p(
      of((r) => r.totalMs),
      0.95,
    )} | | ${p(
      of((r) => r.cpu.network),
      0.95,
    )} · ${p(
      of((r) => r.cpu.gateway),
      0.95,
    )} | | |`,
  ];
}

function printReport({ people, records, pooledBuildMs, uploads, rss, recompute, browserRuns }) {
  const mbOf = (m) => `${m.rss.toFixed(0)} MB (peak ${m.peak.toFixed(0)})`;
  const ok = browserRuns.filter((run) => !run.error);
  const of = (pick) => ok.map(pick);
  const reads = recompute.pageReads;
  const lines = [
    `Warmpath target lists through the stack — ${new Date().toISOString()} — Node ${process.version}, load avg ${load()}`,
    `${MEMBERS} members, ${records} connections from a universe of ${UNIVERSE} at ${COMPANIES} companies: ${people} pooled people; pooled network built in ${ms(pooledBuildMs)} ms before the lists`,
    '',
    'Upload (POST multipart CSV) then the first results page (GET ?offset=0&limit=1000), as the owner, wall ms on this machine:',
    '',
    '| list | target | upload | first page | together | median (min-max) | CPU ms network · gateway | rows | load avg |',
    '|---|---|---:|---:|---:|---|---|---|---|',
    ...Object.entries(uploads).flatMap(([size, result]) => uploadRows(Number(size), result)),
    '',
    `network service RSS: before the uploads ${mbOf(rss.before)}, after them ${mbOf(rss.afterUploads)}, after the import ${mbOf(rss.afterImport)}`,
    '',
    `A member's import (20 people at a company each of ${reads.length} lists names, lists marked seen): every list's new way in shown by the list index ${ms(recompute.reflectedMs)} ms after the import completed (target ≤ 2 s; ${recompute.polls} index reads, load ${recompute.load.toFixed(1)}); network service CPU meanwhile ${ms(recompute.reflectedCpu.network)} ms (gateway ${ms(recompute.reflectedCpu.gateway)} ms), i.e. ${ms(recompute.reflectedCpu.network / Math.max(1, reads.length))} ms a list, the pooled rebuild included`,
    ...(recompute.rounds.length > 1
      ? [
          `over ${recompute.rounds.length} imports, median (min-max): reflected ${spread(
            recompute.rounds.map((r) => r.reflectedMs),
            ms,
          )} ms; network CPU ${spread(
            recompute.rounds.map((r) => r.reflectedCpu.network),
            ms,
          )} ms; load ${spread(
            recompute.rounds.map((r) => r.load),
            (v) => v.toFixed(1),
          )} (each: ${recompute.rounds.map((r) => `${ms(r.reflectedMs)} ms / ${ms(r.reflectedCpu.network)} ms CPU, ${r.polls} reads, load ${r.load.toFixed(1)}`).join('; ')})`,
        ]
      : []),
    `then each list's first page: ${reads.map((r) => `${r.size} rows ${ms(r.ms)} ms / ${ms(r.cpu.network)} ms CPU (+${r.gained} covered)`).join('; ')}`,
    '',
    "Results screen of a 1,000-row list in headless chromium (first rows: navigation to the frame with the first result rows; tasks: the app's main-thread tasks over 50 ms of CPU, until 3 s after; then sort by warmth and scroll the table):",
    '',
    '| run | first rows | load: app tasks > 50 ms · longest app task, CPU | interaction: app tasks > 50 ms · longest, CPU | longest long task (wall) | load avg |',
    '|---|---:|---|---|---:|---:|',
    ...(browserRuns.length
      ? browserRuns.map((run) =>
          run.error
            ? `| ${run.run} | failed: ${run.error.split('\n')[0]} | | | | ${run.load.toFixed(1)} |`
            : `| ${run.run} | ${ms(run.firstRowsMs)} ms (${run.rowsShown} rows drawn) | ${run.cpu.count} · ${ms(run.cpu.longestAnyCpuMs)} ms | ${run.interaction.count} · ${ms(run.interaction.longestAnyCpuMs)} ms | ${ms(run.longestWallTaskMs)} ms | ${run.load.toFixed(1)} |`,
        )
      : ['| (BENCH_BROWSER=0) | | | | | |']),
    '',
    ok.length
      ? `Over ${ok.length} loads, median (min-max): first rows ${spread(
          of((run) => run.firstRowsMs),
          (v) => `${ms(v)} ms`,
        )}; app tasks over 50 ms at load ${spread(
          of((run) => run.cpu.count),
          String,
        )}, longest ${spread(
          of((run) => run.cpu.longestAnyCpuMs),
          (v) => `${ms(v)} ms`,
        )}; in the interaction ${spread(
          of((run) => run.interaction.count),
          String,
        )}, longest ${spread(
          of((run) => run.interaction.longestAnyCpuMs),
          (v) => `${ms(v)} ms`,
        )}; load average ${spread(
          of((run) => run.load),
          (v) => v.toFixed(1),
        )}`
      : '',
    ...ok.flatMap((run) => [
      ...run.cpu.tasks.map(
        (task) =>
          `run ${run.run}, load: a task of ${ms(task.cpuMs)} ms CPU (${ms(task.wallMs)} ms wall): ${task.parts.join(', ') || 'no event inside it'}`,
      ),
      ...run.interaction.tasks.map(
        (task) =>
          `run ${run.run}, interaction: a task of ${ms(task.cpuMs)} ms CPU (${ms(task.wallMs)} ms wall): ${task.parts.join(', ') || 'no event inside it'}`,
      ),
    ]),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

await main();

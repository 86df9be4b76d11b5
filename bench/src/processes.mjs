// The stack's service processes as the kernel sees them (Linux /proc): CPU time and memory, by
// process id (startBenchStack's pids()). CPU per request is the figure that transfers between a
// quiet and a busy machine; wall times on a shared machine mostly measure the wait for a CPU.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** User + system CPU time of a process so far, in ms (NaN once it has ended). */
export function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return NaN;
  }
}

/**
 * A process's CPU (cpuMs) once it has been idle (under 20 ms in 1 s) twice in a row, or after
 * 60 s: what a step left running (a version's other patches, say) ends before the next one.
 */
export async function cpuWhenIdle(pid) {
  let idle = 0;
  let last = cpuMs(pid);
  for (let waited = 0; idle < 2 && waited < 60_000; waited += 1000) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = cpuMs(pid);
    idle = now - last < 20 ? idle + 1 : 0;
    last = now;
  }
  return last;
}

/** Resident and peak resident memory in MB (VmRSS, VmHWM); NaN once the process has ended. */
export function memoryMb(pid) {
  let status = '';
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    // ended meanwhile
  }
  const field = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) / 1024;
  return { rss: field('VmRSS'), peak: field('VmHWM') };
}

/** Writing 5 to clear_refs resets VmHWM, so the peak covers what follows only. */
export function resetPeak(pid) {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // Not permitted: the peak then covers the process' whole life, an upper bound.
  }
}

/** `read(pid)` for every process of `pids` ({ name: pid }), by name. */
export const byService = (pids, read) =>
  Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, read(pid)]));

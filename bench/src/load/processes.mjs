// The stack's service processes as the kernel sees them (Linux /proc): found by the run's NATS
// prefix, for memory figures.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

/** The pid of the run's `service` process. */
export function servicePid(runId, service) {
  const marker = `NATS_PREFIX=${runId}`;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(`services/${service}/dist/main.js`))
        continue;
      if (readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(marker)) return Number(pid);
    } catch {
      // gone meanwhile
    }
  }
  throw new Error(`${service} process not found`);
}

/** Resident and peak resident memory in MB (VmRSS, VmHWM). */
export function memoryMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
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

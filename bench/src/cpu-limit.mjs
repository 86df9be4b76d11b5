// A CPU budget for one process, as Kubernetes gives a pod with `resources.limits.cpu`: the
// kernel's CFS quota of a cgroup of its own (cgroup v2 `cpu.max`, or v1 `cpu.cfs_quota_us`).
// bench:bulk uses it to measure scaling out on one machine: uncapped, a single import worker already
// keeps this 2-CPU machine busy, so a second one has nothing to run on; with each worker held to
// a budget, the second worker's budget is CPU that the first could not use, as a second pod's is.
// Needs root and a writable cgroup file system; otherwise cpuLimitSupport() says why.
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const PERIOD_US = 100_000;
const V2_ROOT = '/sys/fs/cgroup';
const V1_CPU = '/sys/fs/cgroup/cpu';

/** Which cgroup interface to use: 'v2', 'v1', or a sentence saying why neither can be. */
export function cpuLimitSupport() {
  if (process.getuid?.() !== 0) return 'CPU budgets need root (cgroups)';
  const controllers = join(V2_ROOT, 'cgroup.controllers');
  if (existsSync(controllers) && readFileSync(controllers, 'utf8').split(/\s+/).includes('cpu')) return 'v2';
  if (existsSync(join(V1_CPU, 'cpu.cfs_quota_us'))) return 'v1';
  return 'no cgroup cpu controller is mounted';
}

/**
 * Holds `pid` (all its threads, and threads it starts later) to `cpus` CPUs. Answers
 * { throttledS(), release() }: the seconds the kernel held it back so far, and the undoing
 * (the process back in its parent group, the group removed).
 */
export function limitCpu(pid, cpus, name) {
  const version = cpuLimitSupport();
  if (version !== 'v1' && version !== 'v2') throw new Error(version);
  const quota = Math.max(1000, Math.round(cpus * PERIOD_US));
  const parent = version === 'v2' ? V2_ROOT : V1_CPU;
  const group = join(parent, name);
  mkdirSync(group, { recursive: true });
  if (version === 'v2') {
    writeFileSync(join(V2_ROOT, 'cgroup.subtree_control'), '+cpu');
    writeFileSync(join(group, 'cpu.max'), `${quota} ${PERIOD_US}`);
  } else {
    writeFileSync(join(group, 'cpu.cfs_period_us'), String(PERIOD_US));
    writeFileSync(join(group, 'cpu.cfs_quota_us'), String(quota));
  }
  // cgroup.procs moves every thread of the process; threads started later inherit the group.
  writeFileSync(join(group, 'cgroup.procs'), String(pid));
  return {
    throttledS: () => throttledSeconds(group, version),
    release: () => {
      try {
        writeFileSync(join(parent, 'cgroup.procs'), String(pid));
      } catch {
        // the process has ended: the group is empty already
      }
      rmdirSync(group);
    },
  };
}

/** Seconds the group's quota held it back (v2 `throttled_usec`, v1 `throttled_time` in ns). */
function throttledSeconds(group, version) {
  const stat = readFileSync(join(group, 'cpu.stat'), 'utf8');
  const field = (key) => Number(new RegExp(`^${key} (\\d+)`, 'm').exec(stat)?.[1] ?? NaN);
  return version === 'v2' ? field('throttled_usec') / 1e6 : field('throttled_time') / 1e9;
}

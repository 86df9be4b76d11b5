import { metricsRegistry } from '@warmpath/server-kit';
import { Counter, Histogram } from 'prom-client';

/**
 * Shared builds of workspaces this process pooled, and how long it waited for another replica's
 * build of the same version first (docs/workspace-network.md#one-build-at-a-time-across-replicas).
 * One registry per process: replicas in one process (the integration test) count together.
 */
export const workspacePoolBuilds = new Counter({
  name: 'warmpath_workspace_pool_builds_total',
  help: 'Shared workspace pools built by this process, by whether it held the build lock',
  labelNames: ['lock'],
  registers: [metricsRegistry],
});

export const workspacePoolLockWaits = new Histogram({
  name: 'warmpath_workspace_pool_lock_wait_seconds',
  help: 'Time waited for another replica building the same workspace version, by how the wait ended',
  labelNames: ['outcome'],
  buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30],
  registers: [metricsRegistry],
});

/**
 * Bases and patches of workspace versions (docs/workspace-network.md "One snapshot per workspace
 * version: base + viewer patch"): `built` by this process, or `found` stored by another replica
 * (or an earlier flight) when this one looked after waiting for the lock.
 */
export const workspaceSplitBuilds = new Counter({
  name: 'warmpath_workspace_split_builds_total',
  help: 'Workspace versions whose base and patches this process built or found stored by another replica',
  labelNames: ['outcome'],
  registers: [metricsRegistry],
});

/**
 * Patches of workspace versions this process built (docs/workspace-network.md "Wiring: one build
 * across replicas"): `first`, the asker's, stored with the base; `after`, the others, in the
 * background (those readers asked for first).
 */
export const workspaceSplitPatches = new Counter({
  name: 'warmpath_workspace_split_patches_total',
  help: 'Members’ patches of workspace versions this process built, by when: with the base or after it',
  labelNames: ['order'],
  registers: [metricsRegistry],
});

import { importsContracts, type ImportFailure, type ImportState } from '@warmpath/contracts';
import type { BusClient } from '@warmpath/server-kit';
import type { Logger } from 'pino';
import { newReadStats, type ReadStats } from '../csv/read-connections.js';
import type { ImportEntity } from './import.entity.js';
import { toImportStatus } from './import-status.mapper.js';
import type { ImportPatch, ImportsRepository } from './imports.repository.js';

/**
 * Saves an attempt's state and counters and publishes each change as `imports.import.progressed`
 * (the gateway relays it as SSE). While parsing, at most one save per interval; state changes at once.
 */
export class ImportProgress {
  readonly stats: ReadStats = newReadStats();
  private lastSave = 0;
  private saving: Promise<void> | null = null;

  constructor(
    private readonly entity: ImportEntity,
    private readonly repository: ImportsRepository,
    private readonly bus: BusClient,
    private readonly logger: Logger,
    private readonly intervalMs: number,
  ) {}

  /** Called as rows go by; cheap when nothing is due. */
  /** Peak memory of the process while this import ran (MB), for the logs (RSS budget: 250 MB). */
  readonly peakMemory = memoryMb();

  tick(): void {
    const memory = memoryMb();
    for (const key of Object.keys(memory) as (keyof MemoryMb)[])
      this.peakMemory[key] = Math.max(this.peakMemory[key], memory[key]);
    if (this.saving || Date.now() - this.lastSave < this.intervalMs) return;
    this.saving = this.save({ state: 'parsing' })
      .catch((error: unknown) =>
        this.logger.warn({ err: error, importId: this.entity.id }, 'progress not saved'),
      )
      .finally(() => (this.saving = null));
  }

  async enter(state: ImportState, patch: ImportPatch = {}): Promise<void> {
    await this.saving;
    await this.save({ state, ...patch });
  }

  complete(patch: ImportPatch): Promise<void> {
    return this.enter('completed', { ...patch, completedAt: new Date() });
  }

  fail(failure: ImportFailure): Promise<void> {
    return this.enter('failed', {
      errorCode: failure.code,
      errorMessage: failure.message,
      completedAt: new Date(),
    });
  }

  private async save(patch: ImportPatch): Promise<void> {
    this.lastSave = Date.now();
    const { rowsRead, skipped, skippedRows, warningCounts, warnings } = this.stats;
    const saved = await this.repository.update(this.entity.id, this.entity.attempt, {
      rowsRead,
      skipped,
      skippedRows: [...skippedRows],
      warningCounts: { ...warningCounts },
      warnings: [...warnings],
      ...patch,
    });
    // Null: a newer attempt owns the import now (this one lost its job); it reports for itself.
    if (saved)
      this.bus.publish(importsContracts.importProgressed, { ...toImportStatus(saved), userId: saved.userId });
  }
}

export type MemoryMb = Record<'rss' | 'heapTotal' | 'external', number>;

/** The process' memory in MB (the parse thread's heap counts in rss only). */
export function memoryMb(): MemoryMb {
  const { rss, heapTotal, external } = process.memoryUsage();
  return {
    rss: Math.round(rss / 1e6),
    heapTotal: Math.round(heapTotal / 1e6),
    external: Math.round(external / 1e6),
  };
}

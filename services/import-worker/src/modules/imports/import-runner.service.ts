import { Inject, Injectable } from '@nestjs/common';
import { directImportContracts, networkImportContracts, type ImportSignalsReport } from '@warmpath/contracts';
import { BusClient, LOGGER, SERVICE_CONFIG } from '@warmpath/server-kit';
import type { Logger } from 'pino';
import type { ImportWorkerConfig } from '../../config/import-worker.config.js';
import { ImportFailureError, permanentFailureOf } from '../csv/import-failure.js';
import type { OpenedUpload } from '../archive/archive-source.js';
import { readUploadPastEmployers } from '../archive/past-employers.reader.js';
import { BatchReader } from '../csv/batch-reader.js';
import type { EncodedBatch } from '../csv/staging-batch.js';
import { sendSignals } from '../signals/signals-sender.js';
import { UploadStore } from '../uploads/upload-store.js';
import { BatchStager } from './batch-stager.js';
import type { ImportEntity } from './import.entity.js';
import { ImportProgress, memoryMb } from './import-progress.js';
import { ImportsRepository } from './imports.repository.js';

interface PhaseTimings {
  parseMs: number;
  saveMs: number;
  linkMs: number;
}

export interface RunOptions {
  /** Aborted when the worker shuts down: the try stops and the job goes back to the queue. */
  signal: AbortSignal;
  /** No retry follows a transient failure of this try: the import fails instead. */
  isFinalAttempt: boolean;
}

/**
 * One try of one import: stream the upload into staging, merge, relink, report. A file that cannot
 * be used fails the import at once (its staged rows dropped, earlier data untouched); anything else
 * is rethrown for BullMQ to retry with backoff.
 */
@Injectable()
export class ImportRunner {
  constructor(
    private readonly imports: ImportsRepository,
    private readonly uploads: UploadStore,
    private readonly reader: BatchReader,
    private readonly bus: BusClient,
    @Inject(SERVICE_CONFIG) private readonly config: ImportWorkerConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async run(importId: string, options: RunOptions): Promise<void> {
    const entity = await this.imports.startAttempt(importId);
    if (!entity) return;
    const progress = new ImportProgress(
      entity,
      this.imports,
      this.bus,
      this.logger,
      this.config.IMPORT_PROGRESS_INTERVAL_MS,
    );
    const log = this.logger.child({ importId, attempt: entity.attempt });
    log.info(
      { fileName: entity.fileName, sizeBytes: entity.sizeBytes, memoryMb: memoryMb() },
      'import started',
    );
    try {
      const timings = await this.importFile(entity, progress, options.signal);
      log.info(
        {
          rows: progress.stats.rowsRead,
          skipped: progress.stats.skipped,
          ...timings,
          peakMb: progress.peakMemory,
        },
        'import completed',
      );
    } catch (error) {
      const failure =
        permanentFailureOf(error) ??
        (options.isFinalAttempt && !options.signal.aborted ? ImportFailureError.retriesExhausted() : null);
      if (!failure) {
        log.warn(
          { err: error },
          options.signal.aborted ? 'import interrupted by shutdown' : 'import try failed, will retry',
        );
        await progress.enter('queued').catch(() => undefined);
        throw error;
      }
      log.info({ code: failure.code }, 'import failed');
      await progress.fail(failure);
      await this.dropLeftovers(entity);
    }
  }

  /** Answers how long each phase took (ms), for the logs and the benchmark. */
  private async importFile(
    entity: ImportEntity,
    progress: ImportProgress,
    signal: AbortSignal,
  ): Promise<PhaseTimings> {
    const started = Date.now();
    const target = { importId: entity.id, userId: entity.userId, attempt: entity.attempt };
    // A first import is written straight into connections while it is parsed (one network instance
    // holds its transaction); any other is staged, then merged.
    const upload = await this.uploads.openImportFile(entity.objectName, entity.fileName);
    const opened = await this.bus.request(networkImportContracts.openImport, target, {
      timeoutMs: this.config.IMPORT_STAGE_TIMEOUT_MS,
    });
    const direct = opened.mode === 'direct' ? directImportContracts(opened.instance) : null;
    const stager = new BatchStager(
      this.bus,
      target,
      this.config.IMPORT_STAGE_IN_FLIGHT,
      this.config.IMPORT_STAGE_TIMEOUT_MS,
      direct?.stageRows ?? networkImportContracts.stageRows,
    );
    const batches = this.reader.read(upload.connections, {
      stats: progress.stats,
      now: new Date(),
      batchRows: this.config.IMPORT_BATCH_ROWS,
      reopen: () => this.uploads.readConnections(entity.objectName, entity.fileName),
    });
    let committed = false;
    try {
      await this.stageAll(batches, stager, progress, signal);
      signal.throwIfAborted();
      const parsed = Date.now();
      const timeoutMs = this.config.IMPORT_COMMIT_TIMEOUT_MS;
      await progress.enter('saving');
      const commit = await this.bus.request(direct?.commit ?? networkImportContracts.commit, target, {
        timeoutMs,
      });
      committed = true;
      const saved = Date.now();
      const signals = await this.importSignals(upload, target, timeoutMs);
      await progress.enter('linking', {
        imported: commit.inserted,
        updated: commit.updated,
        unchanged: commit.unchanged,
        jobChanges: commit.jobChanges,
        absent: commit.absent,
        signals,
      });
      const pastCompanyKeys = await readUploadPastEmployers(upload, (error) =>
        this.logger.warn({ err: error, importId: entity.id }, 'Positions.csv not read'),
      );
      const link = await this.bus.request(
        networkImportContracts.link,
        { importId: entity.id, userId: entity.userId, pastCompanyKeys },
        { timeoutMs },
      );
      const linked = Date.now();
      await progress.complete({ relationships: link.relationships });
      await this.uploads.remove(entity.objectName);
      return { parseMs: parsed - started, saveMs: saved - parsed, linkMs: linked - saved };
    } finally {
      // A direct import that will not commit is rolled back now rather than when it times out.
      if (direct && !committed) await this.abortDirect(direct, target);
    }
  }

  /**
   * Reads the archive's messages, invitations, endorsements and recommendations once the people
   * are saved (they are matched to connections), and stores their numbers and dates (docs/warmth.md).
   * Null when the upload has none of those files: the signals stored before stay.
   */
  private async importSignals(
    upload: OpenedUpload,
    target: { importId: string; userId: number },
    timeoutMs: number,
  ): Promise<ImportSignalsReport | null> {
    if (upload.signalFiles.length === 0) return null;
    const started = Date.now();
    let collected;
    try {
      collected = await this.reader.readSignals(upload.signalFiles);
    } catch (error) {
      // The signals thread died (out of memory, a bug): the people are saved, the warmth is not,
      // and the import's report says so (every signal file unreadable); earlier signals stay.
      this.logger.warn({ err: error, importId: target.importId }, 'archive signals not read');
      return unreadSignals(upload.signalFiles);
    }
    const report = await sendSignals(this.bus, collected, target, timeoutMs);
    this.logger.info(
      {
        importId: target.importId,
        ms: Date.now() - started,
        ...report,
        files: report.files.length,
        memberFound: collected.messages?.memberFound ?? null,
      },
      'import signals read',
    );
    return report;
  }

  /** Sends every batch (at most IMPORT_STAGE_IN_FLIGHT unanswered) and waits for the last answer. */
  private async stageAll(
    batches: AsyncIterable<EncodedBatch>,
    stager: BatchStager,
    progress: ImportProgress,
    signal: AbortSignal,
  ): Promise<void> {
    try {
      for await (const batch of batches) {
        signal.throwIfAborted();
        await stager.push(batch);
        progress.tick();
      }
      await stager.drain();
    } catch (error) {
      // Batches still on their way must land before their rows can be discarded.
      await stager.settle();
      throw error;
    }
  }

  private async abortDirect(
    direct: ReturnType<typeof directImportContracts>,
    target: { importId: string; attempt: number },
  ): Promise<void> {
    try {
      await this.bus.request(direct.abort, { importId: target.importId, attempt: target.attempt });
    } catch (error) {
      // Its network instance rolls it back by itself once it hears nothing more.
      this.logger.warn({ err: error, importId: target.importId }, 'direct import not aborted');
    }
  }

  /** After a final failure: the staged rows and the upload are of no further use. */
  private async dropLeftovers(entity: ImportEntity): Promise<void> {
    try {
      await this.bus.request(networkImportContracts.discard, { importId: entity.id });
    } catch (error) {
      // The network service sweeps stale staging rows itself.
      this.logger.warn({ err: error, importId: entity.id }, 'staged rows not discarded');
    }
    await this.uploads.remove(entity.objectName);
  }
}

/** The report of an archive whose signal files could not be read at all. */
function unreadSignals(files: readonly { name: string }[]): ImportSignalsReport {
  return {
    files: [],
    unreadableFiles: files.map((file) => file.name),
    messages: 0,
    connections: 0,
    ignoredPeople: 0,
    ignoredMessages: 0,
  };
}

import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { SERVICE_CONFIG } from '@warmpath/server-kit';
import type { ImportWorkerConfig } from '../../config/import-worker.config.js';
import type { SignalEntry } from '../archive/archive-source.js';
import type { CollectedSignals } from '../signals/signal-collector.js';
import { readSignalsInThread } from '../signals/signals-reader.js';
import {
  ParseThreads,
  readBatchesInThread,
  type BatchReadOptions,
  type EncodedBatch,
} from './threaded-reader.js';

/**
 * How the runner turns an upload into staging batches: a parse thread in production, one kept
 * warm and each kept for the next import (up to one per IMPORT_CONCURRENCY slot).
 */
@Injectable()
export class BatchReader implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly threads: ParseThreads;

  constructor(@Inject(SERVICE_CONFIG) config: ImportWorkerConfig) {
    this.threads = new ParseThreads(config.IMPORT_CONCURRENCY);
  }

  onApplicationBootstrap(): void {
    this.threads.warm();
  }

  read(source: AsyncIterable<Uint8Array>, options: BatchReadOptions): AsyncGenerator<EncodedBatch> {
    return readBatchesInThread(source, options, this.threads.take(), (thread) =>
      this.threads.giveBack(thread),
    );
  }

  /** The archive's relationship signals, read in a thread of their own (docs/warmth.md). */
  readSignals(files: readonly SignalEntry[]): Promise<CollectedSignals> {
    return readSignalsInThread(files);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.threads.close();
  }
}

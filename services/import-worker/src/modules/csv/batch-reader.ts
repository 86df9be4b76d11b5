import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import {
  readBatchesInThread,
  SpareParseThread,
  type BatchReadOptions,
  type EncodedBatch,
} from './threaded-reader.js';

/** How the runner turns an upload into staging batches; a parse thread in production, one kept warm. */
@Injectable()
export class BatchReader implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly spare = new SpareParseThread();

  onApplicationBootstrap(): void {
    this.spare.warm();
  }

  read(source: AsyncIterable<Uint8Array>, options: BatchReadOptions): AsyncGenerator<EncodedBatch> {
    return readBatchesInThread(source, options, this.spare.take(), () => this.spare.warm());
  }

  async onApplicationShutdown(): Promise<void> {
    await this.spare.close();
  }
}

import { Injectable } from '@nestjs/common';
import { readBatchesInThread, type BatchReadOptions, type EncodedBatch } from './threaded-reader.js';

/** How the runner turns an upload into staging batches; a parse thread in production. */
@Injectable()
export class BatchReader {
  read(source: AsyncIterable<Uint8Array>, options: BatchReadOptions): AsyncGenerator<EncodedBatch> {
    return readBatchesInThread(source, options);
  }
}

import { Module } from '@nestjs/common';
import { BulkSplitService } from '../bulk/bulk-split.service.js';
import { BulkHandler } from '../bulk/bulk.handler.js';
import { BatchReader } from '../csv/batch-reader.js';
import { PreviewService } from '../preview/preview.service.js';
import { UploadStore } from '../uploads/upload-store.js';
import { ImportQueue } from './import-queue.js';
import { ImportReconciler } from './import-reconciler.js';
import { ImportProcessor } from './import.processor.js';
import { ImportRunner } from './import-runner.service.js';
import { ImportsHandler } from './imports.handler.js';
import { ImportsRepository } from './imports.repository.js';

@Module({
  providers: [
    ImportsRepository,
    UploadStore,
    BatchReader,
    ImportQueue,
    ImportRunner,
    ImportProcessor,
    ImportReconciler,
    PreviewService,
    ImportsHandler,
    BulkSplitService,
    BulkHandler,
  ],
})
export class ImportsModule {}

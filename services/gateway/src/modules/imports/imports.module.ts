import { Module } from '@nestjs/common';
import { IdempotencyStore } from './idempotency.store.js';
import { ImportEventsHub } from './import-events.hub.js';
import { ImportResultReader } from './import-result.reader.js';
import { ImportWaiter } from './import-waiter.js';
import { ImportsController } from './imports.controller.js';
import { PreviewRateGuard } from './preview-rate.guard.js';
import { StreamSlots } from './stream-slots.js';
import { UploadBucket } from './upload-bucket.js';
import { UploadReceiver } from './upload-receiver.js';
import { UploadWorkflowService } from './upload-workflow.service.js';

@Module({
  controllers: [ImportsController],
  providers: [
    UploadBucket,
    UploadReceiver,
    UploadWorkflowService,
    ImportEventsHub,
    ImportWaiter,
    ImportResultReader,
    StreamSlots,
    PreviewRateGuard,
    IdempotencyStore,
  ],
  exports: [IdempotencyStore, UploadBucket, ImportEventsHub, StreamSlots],
})
export class ImportsModule {}

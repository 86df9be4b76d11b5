import { Module } from '@nestjs/common';
import { ImportsModule } from '../imports/imports.module.js';
import { BulkController } from './bulk.controller.js';
import { BulkUploadReceiver } from './bulk-upload.receiver.js';

/** Bulk imports into a workspace and its uploaded exports (docs/workspace-sources.md). */
@Module({
  imports: [ImportsModule],
  controllers: [BulkController],
  providers: [BulkUploadReceiver],
})
export class BulkModule {}

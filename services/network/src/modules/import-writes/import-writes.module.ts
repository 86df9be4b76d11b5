import { Module } from '@nestjs/common';
import { GraphModule } from '../graph/graph.module.js';
import { CompanyLinksRepository } from './company-links.repository.js';
import { DirectImportSessions } from './direct-import.sessions.js';
import { ImportChangesRepository } from './import-changes.repository.js';
import { ImportMergeRepository } from './import-merge.repository.js';
import { ImportResultRepository } from './import-result.repository.js';
import { ImportWritesHandler } from './import-writes.handler.js';
import { SourceOwnersHandler } from './source-owners.handler.js';
import { SourceOwnersRepository } from './source-owners.repository.js';
import { StagingRepository } from './staging.repository.js';

/** Staging, merge, company links and result pages of imports (the import worker drives them over NATS). */
@Module({
  imports: [GraphModule],
  providers: [
    StagingRepository,
    ImportMergeRepository,
    CompanyLinksRepository,
    DirectImportSessions,
    ImportResultRepository,
    ImportChangesRepository,
    ImportWritesHandler,
    SourceOwnersRepository,
    SourceOwnersHandler,
  ],
})
export class ImportWritesModule {}

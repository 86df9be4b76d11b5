import { Injectable } from '@nestjs/common';
import { bulkImportsContracts, type RequestOf } from '@warmpath/contracts';
import { HandleRequest } from '@warmpath/server-kit';
import { toImportStatus } from '../imports/import-status.mapper.js';
import { ImportsRepository } from '../imports/imports.repository.js';
import { BulkSplitService } from './bulk-split.service.js';

type C = typeof bulkImportsContracts;

/** What a workspace's bulk import needs of the worker: its imports' statuses, and ZIPs split per person. */
@Injectable()
export class BulkHandler {
  constructor(
    private readonly imports: ImportsRepository,
    private readonly splitter: BulkSplitService,
  ) {}

  /** No owner check: only the teams service asks, for a bulk whose reader it has authorised. */
  @HandleRequest(bulkImportsContracts.getStatuses)
  async statuses(request: RequestOf<C['getStatuses']>) {
    const entities = await this.imports.findByIds(request.importIds);
    return { imports: entities.map(toImportStatus) };
  }

  @HandleRequest(bulkImportsContracts.split)
  split(request: RequestOf<C['split']>) {
    return this.splitter.split(request.objectName, request.fileName);
  }
}

import { Injectable } from '@nestjs/common';
import { bulkContracts, type RequestOf } from '@warmpath/contracts';
import { HandleRequest } from '@warmpath/server-kit';
import { SourcesService } from './sources.service.js';

type C = typeof bulkContracts;

/** NATS face of a workspace's uploaded exports and its bulk imports. */
@Injectable()
export class SourcesHandler {
  constructor(private readonly sources: SourcesService) {}

  @HandleRequest(bulkContracts.checkManage)
  checkManage(request: RequestOf<C['checkManage']>) {
    return this.sources.checkManage(request.teamId, request.userId);
  }

  @HandleRequest(bulkContracts.createBulk)
  createBulk(request: RequestOf<C['createBulk']>) {
    return this.sources.createBulk(request.userId, request.teamId, request.bulkId, request.files);
  }

  @HandleRequest(bulkContracts.getBulk)
  getBulk(request: RequestOf<C['getBulk']>) {
    return this.sources.getBulk(request.userId, request.bulkId);
  }

  @HandleRequest(bulkContracts.listSources)
  list(request: RequestOf<C['listSources']>) {
    return this.sources.listSources(request.teamId, request.userId);
  }

  @HandleRequest(bulkContracts.replaceSource)
  replace(request: RequestOf<C['replaceSource']>) {
    return this.sources.replaceSource(
      request.userId,
      request.teamId,
      request.sourceId,
      request.bulkId,
      request.file,
    );
  }

  @HandleRequest(bulkContracts.deleteSource)
  delete(request: RequestOf<C['deleteSource']>) {
    return this.sources.deleteSource(request.teamId, request.userId, request.sourceId);
  }

  @HandleRequest(bulkContracts.claimSource)
  claim(request: RequestOf<C['claimSource']>) {
    return this.sources.claimSource(request.teamId, request.userId, request.sourceId);
  }
}

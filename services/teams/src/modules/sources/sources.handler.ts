import { Injectable } from '@nestjs/common';
import { bulkContracts, type RequestOf } from '@warmpath/contracts';
import { HandleRequest } from '@warmpath/server-kit';
import { SourcesService, type WorkspaceCaller } from './sources.service.js';

type C = typeof bulkContracts;

/** NATS face of a workspace's uploaded exports and its bulk imports. */
@Injectable()
export class SourcesHandler {
  constructor(private readonly sources: SourcesService) {}

  @HandleRequest(bulkContracts.checkManage)
  checkManage(request: RequestOf<C['checkManage']>) {
    return this.sources.checkManage(callerOf(request));
  }

  @HandleRequest(bulkContracts.createBulk)
  createBulk(request: RequestOf<C['createBulk']>) {
    return this.sources.createBulk(callerOf(request), request.bulkId, request.files);
  }

  @HandleRequest(bulkContracts.getBulk)
  getBulk(request: RequestOf<C['getBulk']>) {
    return this.sources.getBulk(request.userId, request.bulkId);
  }

  @HandleRequest(bulkContracts.listSources)
  list(request: RequestOf<C['listSources']>) {
    return this.sources.listSources(callerOf(request));
  }

  @HandleRequest(bulkContracts.replaceSource)
  replace(request: RequestOf<C['replaceSource']>) {
    return this.sources.replaceSource(callerOf(request), request.sourceId, request.bulkId, request.file);
  }

  @HandleRequest(bulkContracts.deleteSource)
  delete(request: RequestOf<C['deleteSource']>) {
    return this.sources.deleteSource(callerOf(request), request.sourceId);
  }

  @HandleRequest(bulkContracts.claimSource)
  claim(request: RequestOf<C['claimSource']>) {
    return this.sources.claimSource(callerOf(request), request.sourceId);
  }
}

/** The contracts name the workspace `teamId` (the URLs' `/api/teams/{id}`); code calls it workspaceId. */
function callerOf(request: { teamId: number; userId: number }): WorkspaceCaller {
  return { workspaceId: request.teamId, userId: request.userId };
}

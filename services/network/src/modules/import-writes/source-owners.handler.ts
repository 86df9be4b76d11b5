import { Injectable } from '@nestjs/common';
import { networkSourceContracts, type RequestOf } from '@warmpath/contracts';
import { HandleRequest } from '@warmpath/server-kit';
import { ImportListeners } from '../graph/import-listeners.js';
import { SourceOwnersRepository } from './source-owners.repository.js';

type C = typeof networkSourceContracts;

/** The teams service deletes or hands over a workspace source's people (docs/workspace-sources.md). */
@Injectable()
export class SourceOwnersHandler {
  constructor(
    private readonly owners: SourceOwnersRepository,
    private readonly listeners: ImportListeners,
  ) {}

  @HandleRequest(networkSourceContracts.deleteSource)
  async delete(request: RequestOf<C['deleteSource']>) {
    return { deleted: await this.owners.deleteSource(request.ownerId) };
  }

  @HandleRequest(networkSourceContracts.claimSource)
  async claim(request: RequestOf<C['claimSource']>) {
    const people = await this.owners.claimSource(request.ownerId, request.userId);
    // The claimer's workspaces pool their new network: rebuilt as after an import of theirs.
    void this.listeners.notify(request.userId).catch(() => undefined);
    return { people };
  }
}

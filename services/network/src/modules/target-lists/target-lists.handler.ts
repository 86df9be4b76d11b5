import { Injectable } from '@nestjs/common';
import { networkTargetListsContracts as contracts, type RequestOf } from '@warmpath/contracts';
import { HandleRequest } from '@warmpath/server-kit';
import { TargetListRenamer } from './target-list-renamer.js';
import { TargetListsService } from './target-lists.service.js';

@Injectable()
export class TargetListsHandler {
  constructor(
    private readonly lists: TargetListsService,
    private readonly renamer: TargetListRenamer,
  ) {}

  @HandleRequest(contracts.create)
  create(request: RequestOf<typeof contracts.create>) {
    return this.lists.create(request);
  }

  @HandleRequest(contracts.list)
  list(request: RequestOf<typeof contracts.list>) {
    return this.lists.list(request);
  }

  @HandleRequest(contracts.results)
  results(request: RequestOf<typeof contracts.results>) {
    const { listId, page, ...scope } = request;
    return this.lists.results(scope, listId, page);
  }

  @HandleRequest(contracts.seen)
  seen(request: RequestOf<typeof contracts.seen>) {
    const { listId, ...scope } = request;
    return this.lists.seen(scope, listId);
  }

  @HandleRequest(contracts.correct)
  correct(request: RequestOf<typeof contracts.correct>) {
    const { listId, corrections, ...scope } = request;
    return this.lists.correct(scope, listId, corrections);
  }

  @HandleRequest(contracts.removeCorrection)
  removeCorrection(request: RequestOf<typeof contracts.removeCorrection>) {
    const { listId, line, ...scope } = request;
    return this.lists.removeCorrection(scope, listId, line);
  }

  @HandleRequest(contracts.rename)
  rename(request: RequestOf<typeof contracts.rename>) {
    const { listId, name, ...scope } = request;
    return this.renamer.rename(scope, listId, name);
  }

  @HandleRequest(contracts.delete)
  delete(request: RequestOf<typeof contracts.delete>) {
    const { listId, ...scope } = request;
    return this.lists.delete(scope, listId);
  }
}

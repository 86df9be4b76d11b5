import { Injectable } from '@nestjs/common';
import { TARGET_LIST_NOT_FOUND, type TargetList } from '@warmpath/contracts';
import { notFound } from '@warmpath/server-kit';
import { assertMayEditTargetList } from './target-list-editors.js';
import { TeamNetworks } from '../team-graph/team-networks.service.js';
import { type ListScope, TargetListsRepository } from './target-lists.repository.js';

/**
 * Renaming a list (docs/targets.md#routes): the membership first (a non-member gets the unknown
 * workspace's NOT_FOUND), then the list in its scope, then who may change it.
 */
@Injectable()
export class TargetListRenamer {
  constructor(
    private readonly repository: TargetListsRepository,
    private readonly teams: TeamNetworks,
  ) {}

  async rename(scope: ListScope, listId: string, name: string): Promise<TargetList> {
    const state = scope.teamId === null ? null : await this.teams.state(scope.userId, scope.teamId);
    const list = await this.repository.find(scope, listId);
    if (!list) throw notFound(TARGET_LIST_NOT_FOUND);
    assertMayEditTargetList(scope.userId, state, list);
    const renamed = await this.repository.rename(listId, scope.userId, name);
    if (!renamed) throw notFound(TARGET_LIST_NOT_FOUND);
    return renamed;
  }
}

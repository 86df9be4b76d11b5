import { Injectable } from '@nestjs/common';
import {
  type CreateTargetListRequest,
  TARGET_LIST_FORBIDDEN,
  TARGET_LIST_NOT_FOUND,
  type TargetCorrection,
  type TargetList,
  type TargetListResults,
} from '@warmpath/contracts';
import { matchTargetsWithIndex, rankTargetResults } from '@warmpath/domain';
import { forbidden, notFound } from '@warmpath/server-kit';
import { NetworkReader } from '../graph/network-reader.service.js';
import { type TeamState, TeamNetworks } from '../team-graph/team-networks.service.js';
import { type ListScope, TargetListsRepository } from './target-lists.repository.js';
import { ownTargetNetwork, pooledTargetNetwork, type TargetMatchNetwork } from './target-networks.js';

/** Roles that may change any list of their workspace (docs/targets.md#routes). */
const EDITOR_ROLES: ReadonlySet<string> = new Set(['owner', 'admin']);

/**
 * Target lists (docs/targets.md): a workspace's, matched against the viewer's pooled network, or
 * the user's own, matched against their own network. Every workspace call starts with its
 * membership (TeamNetworks.state): a non-member gets the unknown workspace's NOT_FOUND.
 */
@Injectable()
export class TargetListsService {
  constructor(
    private readonly repository: TargetListsRepository,
    private readonly teams: TeamNetworks,
    private readonly reader: NetworkReader,
  ) {}

  async create(request: CreateTargetListRequest): Promise<TargetList> {
    if (request.teamId !== null) await this.teams.state(request.userId, request.teamId);
    return this.repository.create(request);
  }

  async list(scope: ListScope): Promise<{ lists: TargetList[] }> {
    if (scope.teamId !== null) await this.teams.state(scope.userId, scope.teamId);
    return { lists: await this.repository.list(scope) };
  }

  async results(scope: ListScope, listId: string): Promise<TargetListResults> {
    const state = scope.teamId === null ? null : await this.teams.state(scope.userId, scope.teamId);
    const list = await this.found(scope, listId);
    return this.match(scope, state, list);
  }

  async correct(
    scope: ListScope,
    listId: string,
    corrections: readonly TargetCorrection[],
  ): Promise<TargetListResults> {
    const state = scope.teamId === null ? null : await this.teams.state(scope.userId, scope.teamId);
    const list = await this.found(scope, listId);
    mayEdit(scope.userId, state, list);
    await this.repository.correct(listId, scope.userId, corrections);
    return this.match(scope, state, (await this.repository.find(scope, listId)) ?? list);
  }

  async delete(scope: ListScope, listId: string): Promise<{ id: string }> {
    const state = scope.teamId === null ? null : await this.teams.state(scope.userId, scope.teamId);
    const list = await this.found(scope, listId);
    mayEdit(scope.userId, state, list);
    await this.repository.delete(listId);
    return { id: listId };
  }

  private async found(scope: ListScope, listId: string): Promise<TargetList> {
    const list = await this.repository.find(scope, listId);
    if (!list) throw notFound(TARGET_LIST_NOT_FOUND);
    return list;
  }

  private async match(
    scope: ListScope,
    state: TeamState | null,
    list: TargetList,
  ): Promise<TargetListResults> {
    const [contents, network] = await Promise.all([
      this.repository.contents(list.id),
      this.network(scope.userId, state),
    ]);
    const rows = rankTargetResults(
      matchTargetsWithIndex(contents.targets, network.index, {
        corrections: contents.corrections,
        suggester: network.suggester,
        ...(network.ties ? { ties: network.ties } : {}),
      }),
    );
    return {
      list,
      rows,
      skipped: contents.skipped,
      corrections: contents.corrections,
      coveredCount: rows.filter((row) => row.covered).length,
    };
  }

  private async network(userId: number, state: TeamState | null): Promise<TargetMatchNetwork> {
    if (state === null) return ownTargetNetwork(await this.reader.current(userId));
    return pooledTargetNetwork(await this.teams.pooled(state));
  }
}

/** The creator, or (for a workspace's list) its owner or admins; anyone else FORBIDDEN. */
function mayEdit(userId: number, state: TeamState | null, list: TargetList): void {
  if (list.createdBy === userId) return;
  const role = state?.membership.members.find((member) => member.userId === userId)?.role;
  if (role && EDITOR_ROLES.has(role)) return;
  throw forbidden(TARGET_LIST_FORBIDDEN);
}

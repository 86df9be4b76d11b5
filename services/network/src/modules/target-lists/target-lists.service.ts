import { Injectable } from '@nestjs/common';
import {
  type CreateTargetListRequest,
  noCorrectionOnLine,
  noTargetOnLine,
  TARGET_LIST_NOT_FOUND,
  type TargetCorrection,
  type TargetList,
  type TargetListResults,
  type TargetResultRow,
  type TargetResultsPage,
} from '@warmpath/contracts';
import {
  countNewWaysIn,
  markNewWaysIn,
  matchTargetsWithIndex,
  newWaysInSince,
  rankTargetResults,
  summariseTargetResults,
  targetSeenSnapshot,
  withSuggestions,
} from '@warmpath/domain';
import { notFound } from '@warmpath/server-kit';
import { NetworkReader } from '../graph/network-reader.service.js';
import { inForeground } from '../team-graph/foreground-work.js';
import { type TeamState, TeamNetworks } from '../team-graph/team-networks.service.js';
import { type ListScope, TargetListsRepository } from './target-lists.repository.js';
import {
  keepRanked,
  ownTargetNetwork,
  type RankedTargetList,
  type TargetMatchNetwork,
  workspaceTargetNetwork,
} from './target-networks.js';
import { FIRST_PAGE, pageOfResults } from './target-results-page.js';
import { assertMayEditTargetList } from './target-list-editors.js';

/**
 * Target lists (docs/targets.md): a workspace's, matched against the workspace version's shared
 * build with the reader's own people over it (what the reader's pooled network shows), or
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

  /**
   * The lists, each with the reader's new ways in since they last marked it seen (0 before): only
   * lists they marked are matched, against the network's memoised index and each list's coverage
   * memoised per network version (docs/targets.md#new-ways-in).
   */
  list(scope: ListScope): Promise<{ lists: TargetList[] }> {
    // Before what an import event rebuilds for later readers (foreground-work.ts).
    return inForeground(() => this.listNow(scope));
  }

  private async listNow(scope: ListScope): Promise<{ lists: TargetList[] }> {
    const state = scope.teamId === null ? null : await this.teams.state(scope.userId, scope.teamId);
    const lists = await this.repository.list(scope);
    const seen = await this.repository.seenOf(
      lists.map((list) => list.id),
      scope.userId,
    );
    if (seen.size === 0) return { lists: lists.map((list) => ({ ...list, newWaysIn: 0 })) };
    const network = await this.network(scope.userId, state);
    const answered: TargetList[] = [];
    for (const list of lists) {
      const then = seen.get(list.id);
      const now = then ? await this.coverage(network, list) : null;
      answered.push({ ...list, newWaysIn: then && now ? newWaysInSince(now, then.snapshot) : 0 });
    }
    return { lists: answered };
  }

  /** One page of the ranked rows, with totals and new ways in over them all. */
  results(
    scope: ListScope,
    listId: string,
    page: TargetResultsPage = FIRST_PAGE,
  ): Promise<TargetListResults> {
    return inForeground(() => this.resultsNow(scope, listId, page));
  }

  private async resultsNow(
    scope: ListScope,
    listId: string,
    page: TargetResultsPage,
  ): Promise<TargetListResults> {
    const state = scope.teamId === null ? null : await this.teams.state(scope.userId, scope.teamId);
    const list = await this.found(scope, listId);
    return this.answer(scope, state, list, page);
  }

  /** Keeps what the list covers now and by whom, for the caller's next results. */
  seen(scope: ListScope, listId: string): Promise<{ seenAt: string }> {
    return inForeground(() => this.seenNow(scope, listId));
  }

  private async seenNow(scope: ListScope, listId: string): Promise<{ seenAt: string }> {
    const state = scope.teamId === null ? null : await this.teams.state(scope.userId, scope.teamId);
    const list = await this.found(scope, listId);
    const network = await this.network(scope.userId, state);
    const snapshot = await this.coverage(network, list);
    return { seenAt: await this.repository.markSeen(list.id, scope.userId, snapshot) };
  }

  async correct(
    scope: ListScope,
    listId: string,
    corrections: readonly TargetCorrection[],
  ): Promise<TargetListResults> {
    const state = scope.teamId === null ? null : await this.teams.state(scope.userId, scope.teamId);
    const list = await this.found(scope, listId);
    assertMayEditTargetList(scope.userId, state, list);
    await this.repository.correct(listId, scope.userId, corrections);
    return this.answer(scope, state, (await this.repository.find(scope, listId)) ?? list, FIRST_PAGE);
  }

  /** Undoes one line's correction (docs/targets.md#routes): the line is matched as it would be. */
  async removeCorrection(scope: ListScope, listId: string, line: number): Promise<TargetListResults> {
    const state = scope.teamId === null ? null : await this.teams.state(scope.userId, scope.teamId);
    const list = await this.found(scope, listId);
    assertMayEditTargetList(scope.userId, state, list);
    const outcome = await this.repository.removeCorrection(listId, scope.userId, line);
    if (outcome === 'no-line') throw notFound(noTargetOnLine(line));
    if (outcome === 'no-correction') throw notFound(noCorrectionOnLine(line));
    return this.answer(scope, state, (await this.repository.find(scope, listId)) ?? list, FIRST_PAGE);
  }

  async delete(scope: ListScope, listId: string): Promise<{ id: string }> {
    const state = scope.teamId === null ? null : await this.teams.state(scope.userId, scope.teamId);
    const list = await this.found(scope, listId);
    assertMayEditTargetList(scope.userId, state, list);
    await this.repository.delete(listId);
    return { id: listId };
  }

  private async found(scope: ListScope, listId: string): Promise<TargetList> {
    const list = await this.repository.find(scope, listId);
    if (!list) throw notFound(TARGET_LIST_NOT_FOUND);
    return list;
  }

  private async answer(
    scope: ListScope,
    state: TeamState | null,
    list: TargetList,
    page: TargetResultsPage,
  ): Promise<TargetListResults> {
    const [network, seen] = await Promise.all([
      this.network(scope.userId, state),
      this.repository.seen(list.id, scope.userId),
    ]);
    const { rows, contents } = await this.match(network, list);
    const totals = summariseTargetResults(rows);
    const snapshot = seen?.snapshot ?? null;
    return pageOfResults(
      {
        list,
        skipped: contents.skipped,
        corrections: contents.corrections,
        coveredCount: totals.covered,
        totals,
        rowCount: rows.length,
        newWaysIn: snapshot ? countNewWaysIn(rows, snapshot) : 0,
        lastOpenedAt: seen?.seenAt ?? null,
      },
      withPageSuggestions(markNewWaysIn(rows, snapshot), page, network),
      page,
    );
  }

  /**
   * The list's rows matched against the network now, ranked: once per list version and network
   * version (the pages of a list share it); its coverage memoised on the way.
   */
  private async match(network: TargetMatchNetwork, list: TargetList): Promise<RankedTargetList> {
    const key = coverageKey(list);
    const known = network.ranked.get(key);
    if (known) {
      keepRanked(network, key, known);
      return known;
    }
    const { targets, ...contents } = await this.repository.contents(list.id);
    const rows = rankTargetResults(
      matchTargetsWithIndex(targets, network.index, {
        corrections: contents.corrections,
        // Suggestions only for the rows answered (withPageSuggestions), not every unmatched target.
        suggestions: 0,
        blocks: network.blocks,
        ...(network.ties ? { ties: network.ties } : {}),
        ...(network.hidden ? { hidden: network.hidden } : {}),
      }),
    );
    network.coverage.set(key, targetSeenSnapshot(rows));
    const ranked = { rows, contents };
    keepRanked(network, key, ranked);
    return ranked;
  }

  /** What the list covers at the network's version, and by whom (memoised per version and list). */
  private async coverage(network: TargetMatchNetwork, list: TargetList) {
    const known = network.coverage.get(coverageKey(list));
    if (known) return known;
    const { rows } = await this.match(network, list);
    return targetSeenSnapshot(rows);
  }

  private async network(userId: number, state: TeamState | null): Promise<TargetMatchNetwork> {
    if (state === null) return ownTargetNetwork(await this.reader.current(userId));
    // The workspace version's shared build, not the reader's pooled network (docs/targets.md
    // "Workspace lists: one index per workspace version").
    return workspaceTargetNetwork((await this.teams.sharedPool(state)).pool, state.viewerId, state.teamId);
  }
}

const coverageKey = (list: TargetList): string => `${list.id}:${list.updatedAt}`;

/** The ranked rows with suggestions filled in the page's window (docs/targets.md#paging). */
function withPageSuggestions(
  rows: readonly TargetResultRow[],
  page: TargetResultsPage,
  network: TargetMatchNetwork,
): TargetResultRow[] {
  const window = withSuggestions(rows.slice(page.offset, page.offset + page.limit), network.suggester);
  const all = rows.slice();
  all.splice(page.offset, window.length, ...window);
  return all;
}

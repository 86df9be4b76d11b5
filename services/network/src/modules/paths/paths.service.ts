import { Injectable } from '@nestjs/common';
import type { Connection, FindPathQuery, Relationship, WarmPathView } from '@warmpath/contracts';
import { buildWarmthGraph, findWarmestPath, type WarmPath, type WarmthGraph } from '@warmpath/domain';
import { notFound } from '@warmpath/server-kit';
import { LoadedNetwork, MemoKey } from '../graph/loaded-network.js';
import { NetworkReader } from '../graph/network-reader.service.js';
import { toOwnNode, userNodeId, type OwnProfile } from '../graph/network-view.mapper.js';
import { OwnProfileClient } from '../graph/own-profile.client.js';
import { withFeedbackWords } from '../intro-feedback/hop-feedback.js';
import { IntroFeedbackRepository } from '../intro-feedback/intro-feedback.repository.js';
import { workspaceFeedback } from '../intro-feedback/workspace-feedback.js';
import { CONNECTION_NOT_FOUND } from '../notes/notes.service.js';
import { TeamNetworks } from '../team-graph/team-networks.service.js';
import { splitByCompanyLinks, type CompanyComponents } from './company-components.js';
import { pooledWarmestPath, teamPathGraph } from './team-path-graph.js';
import { toWarmPathView, type PathGraph } from './warm-path.view.js';

/** Paths already answered for one network version, per target; bounded so a crawler cannot grow it. */
const MAX_CACHED_PATHS = 5000;

const COMPONENTS = new MemoKey<CompanyComponents>('company-components');
const COMPONENT_GRAPHS = new MemoKey<Map<number, WarmthGraph>>('component-warmth-graphs');
/** Warmth graphs kept per loaded network, one per component asked about; small ones are cheap to rebuild. */
const MAX_COMPONENT_GRAPHS = 2000;
const PATHS = new MemoKey<Map<string, WarmPath | null>>('warm-paths');
const COMPANY_LINKS = new MemoKey<Map<string, Relationship>>('company-links-by-id');

/**
 * The warmest introduction path (docs/product.md#warm-paths) with the scoring and the
 * search of libs/domain. The warmth graph and the answers are cached on the loaded network, so
 * they live exactly as long as its version.
 */
@Injectable()
export class PathsService {
  constructor(
    private readonly reader: NetworkReader,
    private readonly profiles: OwnProfileClient,
    private readonly teams: TeamNetworks,
    private readonly feedback: IntroFeedbackRepository,
  ) {}

  async find(userId: number, query: FindPathQuery): Promise<WarmPathView> {
    if (query.workspaceId !== undefined) return this.findInWorkspace(userId, query.workspaceId, query.to);
    const [network, profile] = await Promise.all([this.reader.current(userId), this.profiles.get(userId)]);
    const selfId = userNodeId(userId);
    if (query.to !== selfId && !network.person(query.to)) throw notFound(CONNECTION_NOT_FOUND);
    const graph = personalPathGraph(network, profile, query.to);
    return toWarmPathView(graph, selfId, query.to, cachedPath(network, graph, selfId, query.to));
  }

  /**
   * The warmest path on the workspace's pooled graph, through the teammate with the strongest
   * tie. A non-member gets the teams service's NOT_FOUND, exactly as for an unknown workspace.
   */
  private async findInWorkspace(userId: number, teamId: number, to: string): Promise<WarmPathView> {
    // Read with every request, as membership is: feedback recorded since changes this very answer.
    const rows = this.feedback.forTeam(teamId);
    rows.catch(() => undefined);
    const state = await this.teams.state(userId, teamId);
    const network = await this.teams.pooled(state);
    const feedback = workspaceFeedback(network, state.membership, await rows);
    const selfId = userNodeId(userId);
    const graph = teamPathGraph(network, to, feedback);
    if (!graph.node(to)) throw notFound(CONNECTION_NOT_FOUND);
    const view = toWarmPathView(graph, selfId, to, pooledWarmestPath(graph, selfId, to));
    return withFeedbackWords(view, network, feedback);
  }
}

/** A network's answered paths, per target (they live as long as the network's version). */
function cachedPath(
  network: { memo: LoadedNetwork['memo'] },
  graph: PathGraph,
  selfId: string,
  to: string,
): WarmPath | null {
  const paths = network.memo(PATHS, () => new Map<string, WarmPath | null>());
  let path = paths.get(to);
  if (path === undefined) {
    path = findWarmestPath(graph.warmth, selfId, to);
    if (paths.size >= MAX_CACHED_PATHS) paths.clear();
    paths.set(to, path);
  }
  return path;
}

/**
 * A user's own network as a path graph for one target: you, and the people the target is joined
 * to by company links (see CompanyComponents for why the path cannot leave them).
 */
function personalPathGraph(network: LoadedNetwork, profile: OwnProfile, targetId: string): PathGraph {
  const own = toOwnNode(profile);
  const components = network.memo(COMPONENTS, () =>
    splitByCompanyLinks(network.people, network.companyLinks),
  );
  const component = components.componentOf.get(targetId) ?? -1;
  const graphs = network.memo(COMPONENT_GRAPHS, () => new Map<number, WarmthGraph>());
  let warmth = graphs.get(component);
  if (!warmth) {
    // Who-knows-whom comes from knownBy, so the explicit 'connection' links are not needed here.
    warmth = buildWarmthGraph(
      [own, ...(components.members[component] ?? [])],
      components.links[component] ?? [],
      own.id,
    );
    if (graphs.size >= MAX_COMPONENT_GRAPHS) graphs.clear();
    graphs.set(component, warmth);
  }
  return {
    version: network.version,
    warmth,
    node: (id: string): Connection | undefined => (id === own.id ? own : network.person(id)),
    companyLink: (id: string) =>
      network.memo(COMPANY_LINKS, () => new Map(network.companyLinks.map((l) => [l.id, l]))).get(id),
  };
}

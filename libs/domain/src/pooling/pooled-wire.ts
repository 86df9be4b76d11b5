import type { TeamNetworkData } from '@warmpath/contracts';
import type { PooledNetwork } from './pool-network.js';

/**
 * The JSON of GET /api/teams/{id}/network for a pooled network: you, teammates, people; knows,
 * teammate and company links (the company links last, as the compact encoding leaves them to the
 * reader); companies; the workspace's members and reach (docs/workspace-network.md).
 */
export function pooledWireNetwork(pooled: PooledNetwork, teamId: number): TeamNetworkData {
  return {
    connections: [pooled.self, ...pooled.teammates, ...pooled.people],
    relationships: [...pooled.knowsLinks, ...pooled.teammateLinks, ...pooled.companyLinks],
    companies: pooled.companies,
    workspace: { teamId, members: pooled.members, otherCompanyPeople: pooled.otherCompanyPeople },
  };
}

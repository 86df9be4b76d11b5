import type { Connection } from '@warmpath/contracts';
import { nameCompanyKey, profileKey, type PooledPerson } from '@warmpath/domain';
import { MemoKey } from '../graph/loaded-network.js';
import type { PooledTeamNetwork } from './team-networks.service.js';

const PEOPLE_BY_NODE = new MemoKey<Map<string, PooledPerson>>('pooled-people-by-node');
const NODE_BY_KEY = new MemoKey<Map<string, string>>('pooled-node-by-person-key');

/** The person's identity across records: the profile URL, else exact name and company. */
export function personKeyOf(records: readonly Connection[]): string {
  for (const record of records) {
    const url = profileKey(record);
    if (url) return `url:${url}`;
  }
  const first = records[0] as Connection;
  return `name:${nameCompanyKey(first) ?? `${first.userId}:${first.id}`}`;
}

/** Each person shown in the pool, by their node id. */
export function peopleByNode(network: PooledTeamNetwork): Map<string, PooledPerson> {
  return network.memo(PEOPLE_BY_NODE, () => {
    const byNode = new Map<string, PooledPerson>();
    for (const person of network.persons()) {
      if (person.node) byNode.set(person.node.id, person);
    }
    return byNode;
  });
}

/**
 * The node id of a person shown in the pool, by any key one of their records gives (personKeyOf
 * takes the first record with a URL, and which record is first depends on the viewer).
 */
export function nodeOfPersonKey(network: PooledTeamNetwork, key: string): string | undefined {
  const byKey = network.memo(NODE_BY_KEY, () => {
    const map = new Map<string, string>();
    for (const [nodeId, person] of peopleByNode(network)) {
      for (const record of person.records) {
        const url = profileKey(record);
        if (url) map.set(`url:${url}`, nodeId);
        map.set(`name:${nameCompanyKey(record) ?? `${record.userId}:${record.id}`}`, nodeId);
      }
    }
    return map;
  });
  return byKey.get(key);
}

import { Injectable } from '@nestjs/common';
import type { Connection, Relationship, ResultCursor, ResultPage } from '@warmpath/contracts';
import { byTextId, NetworkRepository } from '../graph/network.repository.js';
import type { LoadedNetwork } from '../graph/loaded-network.js';
import { NetworkReader } from '../graph/network-reader.service.js';

/** A page stops growing past this much JSON, well under NATS' 1 MiB message limit. */
export const RESULT_PAGE_MAX_BYTES = 600 * 1024;

/**
 * The owner's network as the synchronous import routes answer it (the import result of
 * docs/product.md#entities), page by page: people first, then their company links. Read from the
 * loaded network GET /api/network serves (the same people, the same derived links, the same
 * totals), which the import's completion has usually loaded already.
 */
@Injectable()
export class ImportResultRepository {
  constructor(
    private readonly reader: NetworkReader,
    private readonly repository: NetworkRepository,
  ) {}

  /**
   * One page from `cursor` (null: the first). With `maxConnections`, a first page of a network
   * bigger than that is only its totals: the route answers 202 then, and loading 300,000 people
   * for it would be wasted.
   */
  async page(
    userId: number,
    cursor: ResultCursor | null,
    now = new Date(),
    maxConnections?: number,
  ): Promise<ResultPage> {
    if (!cursor && maxConnections !== undefined) {
      const totals = await this.repository.countNetwork(userId);
      if (totals.people > maxConnections) {
        return {
          connections: [],
          relationships: [],
          totalConnections: totals.people,
          totalRelationships: totals.links,
          next: null,
        };
      }
    }
    const network = await this.reader.current(userId, undefined, now);
    const page: ResultPage = {
      connections: [],
      relationships: [],
      totalConnections: cursor ? 0 : network.people.length,
      totalRelationships: cursor ? 0 : network.companyLinks.length,
      next: null,
    };
    let bytes = 0;
    if (!cursor || cursor.phase === 'connections') {
      const people = network.people;
      for (let i = cursor ? firstPersonAfter(network, cursor.afterId) : 0; i < people.length; i++) {
        const person = people[i] as Connection;
        page.connections.push(person);
        bytes += JSON.stringify(person).length;
        if (bytes >= RESULT_PAGE_MAX_BYTES && i + 1 < people.length) {
          page.next = { phase: 'connections', afterId: person.id };
          return page;
        }
      }
    }
    const links = network.companyLinks;
    for (let i = cursor?.phase === 'relationships' ? Number(cursor.afterId) : 0; i < links.length; i++) {
      const link = links[i] as Relationship;
      page.relationships.push(link);
      bytes += JSON.stringify(link).length;
      if (bytes >= RESULT_PAGE_MAX_BYTES && i + 1 < links.length) {
        page.next = { phase: 'relationships', afterId: String(i + 1) };
        return page;
      }
    }
    return page;
  }
}

/** Index of the first person whose id sorts after `afterId` (people are in byTextId order). */
function firstPersonAfter(network: LoadedNetwork, afterId: string): number {
  const people = network.people;
  let low = 0;
  let high = people.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (byTextId(people[middle] as Connection, { id: afterId }) <= 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

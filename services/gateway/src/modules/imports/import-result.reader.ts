import { Injectable } from '@nestjs/common';
import {
  authContracts,
  networkImportContracts,
  type Connection,
  type ImportResult,
  type User,
} from '@warmpath/contracts';
import { positionInfo } from '@warmpath/domain';
import { BusClient } from '@warmpath/server-kit';

/**
 * The answer of a synchronous import route (the import result of docs/product.md#entities): the
 * user's own node first, then every stored person and company link of their network, read page by
 * page (a big network is larger than one NATS message). Null when the network has more than
 * `maxPeople`.
 */
@Injectable()
export class ImportResultReader {
  constructor(private readonly bus: BusClient) {}

  async read(userId: number, maxPeople: number): Promise<ImportResult | null> {
    let page = await this.bus.request(networkImportContracts.resultPage, {
      userId,
      cursor: null,
      maxConnections: maxPeople,
    });
    if (page.totalConnections > maxPeople) return null;
    const user = await this.bus.request(authContracts.getUser, { userId });
    const result: ImportResult = { connections: [ownNode(user)], relationships: [] };
    for (;;) {
      result.connections.push(...page.connections);
      result.relationships.push(...page.relationships);
      if (!page.next) return result;
      page = await this.bus.request(networkImportContracts.resultPage, { userId, cursor: page.next });
    }
  }
}

/** The user's own node: degree 0, isUser, id `u<userId>` (the UI counts connections.length - 1). */
export function ownNode(user: User): Connection {
  return {
    id: `u${user.id}`,
    userId: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    company: null,
    position: null,
    email: user.email,
    linkedinUrl: null,
    avatarUrl: user.avatarUrl,
    notes: null,
    industry: null,
    location: null,
    connectionDegree: 0,
    yearsConnected: null,
    connectedOn: null,
    createdAt: user.createdAt,
    isUser: true,
    isTeammate: false,
    hasWorkedWith: false,
    type: 'connection',
    positionInfo: positionInfo(null),
    knownBy: [],
  };
}

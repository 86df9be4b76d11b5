import { Injectable } from '@nestjs/common';
import {
  INTRO_MESSAGES,
  type Connection,
  type IntroKnower,
  type ReplyOf,
  type introTargetContracts,
} from '@warmpath/contracts';
import { edgeWarmth } from '@warmpath/domain';
import { notFound } from '@warmpath/server-kit';
import { peopleByNode, personKeyOf } from '../team-graph/pooled-person-keys.js';
import { TeamNetworks } from '../team-graph/team-networks.service.js';

export type ResolvedIntroTarget = ReplyOf<typeof introTargetContracts.resolve>;

/**
 * Who a requester may ask to introduce them to a person of the workspace's pooled network, as
 * that requester sees it (so a person only a `counts` member knows, and whom nobody shows, is
 * not found). Each knower comes with their own record of the person: what the connector's mail
 * may say about the target is what the connector already knows.
 */
@Injectable()
export class IntroTargetService {
  constructor(private readonly teams: TeamNetworks) {}

  async resolve(userId: number, teamId: number, targetId: string): Promise<ResolvedIntroTarget> {
    const network = await this.teams.pooled(await this.teams.state(userId, teamId));
    const teammate = network.pooled.teammates.find((node) => node.id === targetId);
    if (teammate)
      return {
        ...describe(teammate, `user:${teammate.userId}`),
        isMember: true,
        requesterKnows: true,
        knowers: [],
      };
    const person = peopleByNode(network).get(targetId);
    if (!person?.node) throw notFound(INTRO_MESSAGES.personNotFound);
    const knowers: IntroKnower[] = [];
    person.records.forEach((record, index) => {
      const knower = person.knowers[index] as number;
      // Sources are exports, not people to ask; the requester is not their own connector.
      if (knower <= 0 || knower === userId) return;
      knowers.push({
        userId: knower,
        sharing: person.sharing[index] ?? 'names',
        connectionId: record.id,
        firstName: record.firstName,
        lastName: record.lastName,
        company: record.company,
        position: record.position,
        warmth: edgeWarmth({
          type: 'connection',
          yearsConnected: record.yearsConnected,
          hasWorkedWith: record.hasWorkedWith,
        }),
      });
    });
    return {
      ...describe(person.node, personKeyOf(person.records)),
      isMember: false,
      requesterKnows: person.knowers.includes(userId),
      knowers,
    };
  }
}

function describe(node: Connection, personKey: string) {
  return {
    personKey,
    id: node.id,
    name: `${node.firstName} ${node.lastName}`.trim(),
    company: node.company,
    position: node.position,
  };
}

import { Injectable } from '@nestjs/common';
import {
  authContracts,
  NETWORK_GRAPH_TIMEOUT_MS,
  networkTargetListsContracts as contracts,
  teamsContracts,
} from '@warmpath/contracts';
import { csvAttachmentDisposition, displayName, targetResultsToCsv } from '@warmpath/domain';
import { BusClient } from '@warmpath/server-kit';
import { listIdOf } from './target-list-ids.js';
import { readAllResultRows } from './target-result-pages.js';

export interface TargetListCsv {
  disposition: string;
  csv: string;
}

/**
 * A list's ways in as CSV (docs/targets.md#export): every ranked row, read in pages from the
 * network service, the connectors named by the teams service's members (your own list: you).
 */
@Injectable()
export class TargetListExporter {
  constructor(private readonly bus: BusClient) {}

  async export(userId: number, teamId: number | null, rawListId: string): Promise<TargetListCsv> {
    const listId = listIdOf(rawListId);
    const { first, rows } = await readAllResultRows((page) =>
      this.bus.request(
        contracts.results,
        { userId, teamId, listId, page },
        { timeoutMs: NETWORK_GRAPH_TIMEOUT_MS },
      ),
    );
    const names = await this.memberNames(userId, teamId);
    const csv = targetResultsToCsv(rows, (id) => names.get(id) ?? `Member ${id}`);
    return { disposition: csvAttachmentDisposition(first.list.name), csv };
  }

  /** Display names by user id: the workspace's members, or only you for your own list. */
  private async memberNames(userId: number, teamId: number | null): Promise<Map<number, string>> {
    if (teamId === null) {
      const user = await this.bus.request(authContracts.getUser, { userId });
      return new Map([[userId, displayName(user)]]);
    }
    const members = await this.bus.request(teamsContracts.listMembers, { userId, teamId });
    return new Map(members.map((member) => [member.userId, member.name]));
  }
}

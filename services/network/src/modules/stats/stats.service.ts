import { Injectable } from '@nestjs/common';
import type { NetworkStatsView } from '@warmpath/contracts';
import { computeNetworkStats, type NetworkStats } from '@warmpath/domain';
import { MemoKey } from '../graph/loaded-network.js';
import { NetworkReader } from '../graph/network-reader.service.js';

const STATS = new MemoKey<NetworkStats>('stats');

/** The analysis figures of libs/domain over the user's network, computed once per version. */
@Injectable()
export class StatsService {
  constructor(private readonly reader: NetworkReader) {}

  async get(userId: number): Promise<NetworkStatsView> {
    const network = await this.reader.current(userId);
    const stats = network.memo(STATS, () => computeNetworkStats(network.people));
    return { ...stats, version: network.version };
  }
}

import { Injectable } from '@nestjs/common';
import { networkStatsContracts, type RequestOf } from '@warmpath/contracts';
import { HandleRequest } from '@warmpath/server-kit';
import { StatsService } from './stats.service.js';

@Injectable()
export class StatsHandler {
  constructor(private readonly stats: StatsService) {}

  @HandleRequest(networkStatsContracts.getStats)
  get(request: RequestOf<typeof networkStatsContracts.getStats>) {
    return this.stats.get(request.userId);
  }
}

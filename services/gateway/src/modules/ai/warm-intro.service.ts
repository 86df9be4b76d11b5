import { Inject, Injectable } from '@nestjs/common';
import {
  aiContracts,
  type GenerateIntroRequest,
  type WarmIntroRequest,
  type WarmIntroResponse,
} from '@warmpath/contracts';
import { BusClient, LOGGER, ServiceError } from '@warmpath/server-kit';
import type { Logger } from 'pino';
import { AI_ROUTE_CONFIG, type AiRouteConfig } from './ai-route.config.js';
import { findWarmestIntermediary } from './warmest-intermediary.js';

/** Fills what the client left out from the warmest path, then asks the ai service. */
@Injectable()
export class WarmIntroService {
  constructor(
    private readonly bus: BusClient,
    @Inject(AI_ROUTE_CONFIG) private readonly config: AiRouteConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async generate(userId: number, request: WarmIntroRequest): Promise<WarmIntroResponse> {
    return this.bus.request(aiContracts.generateIntro, await this.withPath(userId, request), {
      timeoutMs: this.config.busTimeoutMs,
    });
  }

  /** The client's intermediary always wins; the path is only asked when there is none and a target id. */
  private async withPath(userId: number, request: WarmIntroRequest): Promise<GenerateIntroRequest> {
    if (request.intermediary || !request.targetId) return { userId, request };
    const path = await this.findPath(userId, request.targetId);
    if (!path) return { userId, request };
    return {
      userId,
      request: { ...request, intermediary: path.intermediary },
      relationship: path.relationship,
    };
  }

  /** A path service that is down costs the intro its intermediary, not the whole answer. */
  private async findPath(userId: number, targetId: string) {
    try {
      return await findWarmestIntermediary(this.bus, userId, targetId);
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      this.logger.warn({ code: error.code, targetId }, 'warm intro written without the warmest path');
      return null;
    }
  }
}

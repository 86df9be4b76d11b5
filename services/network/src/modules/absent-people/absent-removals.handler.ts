import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { absentRemovalContracts, type RequestOf } from '@warmpath/contracts';
import { HandleRequest, LOGGER } from '@warmpath/server-kit';
import type { Logger } from 'pino';
import { AbsentRemovalsService } from './absent-removals.service.js';

/** How often removals past their undo window are made final (and once at boot). */
export const PURGE_INTERVAL_MS = 60 * 60 * 1000;

type ByImport = RequestOf<typeof absentRemovalContracts.status>;

/** NATS face of GET /api/imports/{id}/absent, POST .../remove-absent and .../restore-absent. */
@Injectable()
export class AbsentRemovalsHandler implements OnApplicationBootstrap, OnApplicationShutdown {
  private janitor: NodeJS.Timeout | undefined;

  constructor(
    private readonly removals: AbsentRemovalsService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    const sweep = () =>
      void this.removals
        .purgeExpired()
        .catch((error: unknown) => this.logger.warn({ err: error }, 'purge of expired removals failed'));
    sweep();
    this.janitor = setInterval(sweep, PURGE_INTERVAL_MS).unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.janitor);
  }

  @HandleRequest(absentRemovalContracts.status)
  status({ importId, userId }: ByImport) {
    return this.removals.status(importId, userId);
  }

  @HandleRequest(absentRemovalContracts.remove)
  remove({ importId, userId }: ByImport) {
    return this.removals.remove(importId, userId);
  }

  @HandleRequest(absentRemovalContracts.restore)
  restore({ importId, userId }: ByImport) {
    return this.removals.restore(importId, userId);
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { networkImportContracts, type ImportSignalsReply, type RequestOf } from '@warmpath/contracts';
import { HandleRequest, LOGGER } from '@warmpath/server-kit';
import type { Logger } from 'pino';
import { SnapshotPointerStore } from '../graph/snapshot-pointer.store.js';
import { SignalsRepository } from './signals.repository.js';

/** Stores the relationship signals an import read from the member's archive (docs/warmth.md). */
@Injectable()
export class SignalsHandler {
  constructor(
    private readonly signals: SignalsRepository,
    private readonly pointers: SnapshotPointerStore,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @HandleRequest(networkImportContracts.signals)
  async write(request: RequestOf<typeof networkImportContracts.signals>): Promise<ImportSignalsReply> {
    const started = Date.now();
    const reply = await this.signals.write(request);
    // After the commit, before the answer: the gateway stops serving the snapshot of before.
    if (request.final) await this.pointers.bump(request.userId);
    this.logger.debug(
      {
        importId: request.importId,
        people: request.people.length,
        final: request.final,
        ms: Date.now() - started,
        ...reply,
      },
      'import signals written',
    );
    return reply;
  }
}

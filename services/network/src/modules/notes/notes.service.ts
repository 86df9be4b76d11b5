import { Inject, Injectable } from '@nestjs/common';
import type { Connection } from '@warmpath/contracts';
import { LOGGER, notFound } from '@warmpath/server-kit';
import type { Logger } from 'pino';
import { SnapshotPointerStore } from '../graph/snapshot-pointer.store.js';
import { NotesRepository } from './notes.repository.js';

export const CONNECTION_NOT_FOUND = 'Connection not found';

/** Private notes on a connection: only its owner reads (GET /api/network) or writes them. */
@Injectable()
export class NotesService {
  constructor(
    private readonly repository: NotesRepository,
    private readonly pointers: SnapshotPointerStore,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Someone else's connection answers exactly like a missing one, so ids reveal nothing. */
  async update(userId: number, connectionId: string, notes: string | null): Promise<Connection> {
    // Before the write: while Redis is down or full the note is refused (503) and nothing is
    // saved, so a 503 never stands for a note that was in fact saved.
    await this.pointers.bump(userId);
    const connection = await this.repository.updateNotes(userId, connectionId, notes);
    if (!connection) throw notFound(CONNECTION_NOT_FOUND);
    // After the commit, before the answer: the gateway stops serving a pointer built meanwhile.
    // The note is saved whatever happens now, so a failure here is logged, not answered.
    await this.pointers
      .bump(userId)
      .catch((error: unknown) =>
        this.logger.warn({ err: error, userId }, 'note saved; the snapshot generation could not be moved on'),
      );
    return connection;
  }
}

import { Injectable } from '@nestjs/common';
import type { Connection } from '@warmpath/contracts';
import { notFound } from '@warmpath/server-kit';
import { toConnection } from '../graph/network-view.mapper.js';
import { SnapshotPointerStore } from '../graph/snapshot-pointer.store.js';
import { NotesRepository } from './notes.repository.js';

export const CONNECTION_NOT_FOUND = 'Connection not found';

/** Private notes on a connection: only its owner reads (GET /api/network) or writes them. */
@Injectable()
export class NotesService {
  constructor(
    private readonly repository: NotesRepository,
    private readonly pointers: SnapshotPointerStore,
  ) {}

  /** Someone else's connection answers exactly like a missing one, so ids reveal nothing. */
  async update(userId: number, connectionId: string, notes: string | null): Promise<Connection> {
    const row = await this.repository.updateNotes(userId, connectionId, notes);
    if (!row) throw notFound(CONNECTION_NOT_FOUND);
    // After the commit, before the answer: the gateway stops serving the pointer to the old snapshot.
    await this.pointers.bump(userId);
    return toConnection(row, new Date());
  }
}

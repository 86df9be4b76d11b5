import { Injectable } from '@nestjs/common';
import { networkNotesContracts, type RequestOf } from '@warmpath/contracts';
import { HandleRequest } from '@warmpath/server-kit';
import { NotesService } from './notes.service.js';

@Injectable()
export class NotesHandler {
  constructor(private readonly notes: NotesService) {}

  /** The contract has already normalised and capped the text (validated again on this side of the bus). */
  @HandleRequest(networkNotesContracts.updateNotes)
  update(request: RequestOf<typeof networkNotesContracts.updateNotes>) {
    return this.notes.update(request.userId, request.connectionId, request.notes);
  }
}

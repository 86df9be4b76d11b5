import { Module } from '@nestjs/common';
import { NotesHandler } from './notes.handler.js';
import { NotesRepository } from './notes.repository.js';
import { NotesService } from './notes.service.js';

@Module({ providers: [NotesRepository, NotesService, NotesHandler] })
export class NotesModule {}

import { Module } from '@nestjs/common';
import { GraphModule } from '../graph/graph.module.js';
import { NotesHandler } from './notes.handler.js';
import { NotesRepository } from './notes.repository.js';
import { NotesService } from './notes.service.js';

@Module({ imports: [GraphModule], providers: [NotesRepository, NotesService, NotesHandler] })
export class NotesModule {}

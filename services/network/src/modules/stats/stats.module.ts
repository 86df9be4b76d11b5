import { Module } from '@nestjs/common';
import { GraphModule } from '../graph/graph.module.js';
import { StatsHandler } from './stats.handler.js';
import { StatsService } from './stats.service.js';

@Module({ imports: [GraphModule], providers: [StatsService, StatsHandler] })
export class StatsModule {}

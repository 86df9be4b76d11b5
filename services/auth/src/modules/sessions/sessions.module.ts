import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SessionEntity } from './session.entity.js';
import { SessionsHandler } from './sessions.handler.js';
import { SessionsRepository } from './sessions.repository.js';
import { SessionsService } from './sessions.service.js';

/** The durable copy of browser sessions (auth.session.*). */
@Module({
  imports: [TypeOrmModule.forFeature([SessionEntity])],
  providers: [SessionsRepository, SessionsService, SessionsHandler],
})
export class SessionsModule {}

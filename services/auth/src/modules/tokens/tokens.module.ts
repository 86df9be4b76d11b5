import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccessTokenEntity } from './access-token.entity.js';
import { TokensHandler } from './tokens.handler.js';
import { TokensRepository } from './tokens.repository.js';
import { TokensService } from './tokens.service.js';

/** Personal access tokens (auth.token.*). */
@Module({
  imports: [TypeOrmModule.forFeature([AccessTokenEntity])],
  providers: [TokensRepository, TokensService, TokensHandler],
})
export class TokensModule {}

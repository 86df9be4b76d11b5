import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IdentityEntity } from '../users/identity.entity.js';
import { UsersModule } from '../users/users.module.js';
import { IdentitiesHandler } from './identities.handler.js';
import { IdentitiesRepository } from './identities.repository.js';
import { IdentitiesService } from './identities.service.js';

/** OAuth identities: sign-in, link and account creation from a provider (auth.identity.sign-in). */
@Module({
  imports: [TypeOrmModule.forFeature([IdentityEntity]), UsersModule],
  providers: [IdentitiesRepository, IdentitiesService, IdentitiesHandler],
})
export class IdentitiesModule {}

import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PasswordHasher } from '../credentials/password-hasher.js';
import { IdentityEntity } from './identity.entity.js';
import { UserEntity } from './user.entity.js';
import { UsersHandler } from './users.handler.js';
import { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([UserEntity, IdentityEntity])],
  providers: [UsersRepository, UsersService, UsersHandler, PasswordHasher],
  exports: [UsersService, UsersRepository],
})
export class UsersModule {}

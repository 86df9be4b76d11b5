import { Injectable } from '@nestjs/common';
import { authContracts, type RequestOf } from '@warmpath/contracts';
import { HandleRequest } from '@warmpath/server-kit';
import { UsersService } from './users.service.js';

type C = typeof authContracts;

/** NATS face of the auth context: validates nothing itself (the bus does), delegates to the service. */
@Injectable()
export class UsersHandler {
  constructor(private readonly users: UsersService) {}

  @HandleRequest(authContracts.register)
  register(request: RequestOf<C['register']>) {
    return this.users.register(request);
  }

  @HandleRequest(authContracts.verifyPassword)
  verify(request: RequestOf<C['verifyPassword']>) {
    return this.users.verifyPassword(request.username, request.password);
  }

  @HandleRequest(authContracts.getUser)
  get(request: RequestOf<C['getUser']>) {
    return this.users.getUser(request.userId);
  }

  @HandleRequest(authContracts.getProfiles)
  profiles(request: RequestOf<C['getProfiles']>) {
    return this.users.getProfiles(request.userIds);
  }

  @HandleRequest(authContracts.listUsers)
  list(request: RequestOf<C['listUsers']>) {
    return this.users.listUsers(request.userId);
  }

  @HandleRequest(authContracts.updateProfile)
  update(request: RequestOf<C['updateProfile']>) {
    return this.users.updateProfile(request.userId, request.profile);
  }

  @HandleRequest(authContracts.changePassword)
  async changePassword(request: RequestOf<C['changePassword']>) {
    await this.users.changePassword(request.userId, request.currentPassword, request.newPassword);
    return { changed: true as const };
  }
}

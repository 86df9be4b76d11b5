import { Injectable } from '@nestjs/common';
import { authContracts } from '@warmpath/contracts';
import { BusClient } from '@warmpath/server-kit';
import type { OwnProfile } from './network-view.mapper.js';

/** The own node's name and picture come from the auth service, the owner of user records. */
@Injectable()
export class OwnProfileClient {
  constructor(private readonly bus: BusClient) {}

  async get(userId: number): Promise<OwnProfile> {
    const user = await this.bus.request(authContracts.getUser, { userId });
    return {
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      avatarUrl: user.avatarUrl,
      createdAt: user.createdAt,
    };
  }
}

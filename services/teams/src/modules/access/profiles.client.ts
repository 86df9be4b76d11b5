import { Injectable } from '@nestjs/common';
import { authContracts, type UserProfile } from '@warmpath/contracts';
import { displayName } from '@warmpath/domain';
import { BusClient } from '@warmpath/server-kit';

/** Names and e-mail addresses come from the auth service, which owns them; never copied here except on join requests. */
@Injectable()
export class ProfilesClient {
  constructor(private readonly bus: BusClient) {}

  async profilesOf(userIds: readonly number[]): Promise<Map<number, UserProfile>> {
    const unique = [...new Set(userIds)];
    if (unique.length === 0) return new Map();
    const profiles = await this.bus.request(authContracts.getProfiles, { userIds: unique });
    return new Map(profiles.map((profile) => [profile.id, profile]));
  }

  async profileOf(userId: number): Promise<UserProfile | null> {
    return (await this.profilesOf([userId])).get(userId) ?? null;
  }
}

/** The display name of a profile (libs/domain), "User" for an account that no longer exists. */
export function nameOf(profile: UserProfile | null | undefined): string {
  return displayName(profile ?? {});
}

import type { ReplyOf, teamsContracts } from '@warmpath/contracts';
import { splitSourceName } from '@warmpath/domain';
import type { OwnProfile } from '../graph/network-view.mapper.js';

/** A viewer's membership of a workspace, as the teams service answers it. */
export type Membership = ReplyOf<typeof teamsContracts.getMembership>;

/**
 * A workspace's uploaded exports (docs/workspace-sources.md) as pooling contributors: each is read
 * and pooled like a member sharing `names` (name, company, position), under its negative owner id,
 * with a profile made of its name (it has no account). Its node is a teammate's, marked `isSource`.
 */
export function sourceProfiles(membership: Membership): OwnProfile[] {
  return (membership.sources ?? []).map((source) => ({
    id: source.ownerId,
    ...splitSourceName(source.name),
    email: '',
    avatarUrl: null,
    createdAt: new Date(0).toISOString(),
  }));
}

export const isSourceProfile = (profile: Pick<OwnProfile, 'id'>): boolean => profile.id < 0;

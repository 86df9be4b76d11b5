import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Bumped by every write to a user's network; snapshots and ETags are keyed by it. */
@Entity({ name: 'network_versions' })
export class NetworkVersionEntity {
  @PrimaryColumn({ name: 'owner_user_id', type: 'int' })
  ownerUserId: number;

  @Column({ type: 'bigint', default: 1 })
  version: string;
}

import type { JoinRequestState } from '@warmpath/contracts';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A request to join made with a code. The requester's name and e-mail are copied from the auth
 * service when the request is made: the owner decides on what the requester was at that moment.
 */
@Entity({ name: 'join_requests' })
export class JoinRequestEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'team_id', type: 'int' })
  teamId: number;

  @Column({ name: 'user_id', type: 'int' })
  userId: number;

  @Column({ type: 'varchar', length: 32 })
  code: string;

  @Column({ name: 'requestor_name', type: 'varchar', length: 201 })
  requestorName: string;

  @Column({ name: 'requestor_email', type: 'varchar', length: 320 })
  requestorEmail: string;

  @Column({ type: 'varchar', length: 10, default: 'pending' })
  status: JoinRequestState;

  @Column({ name: 'requested_at', type: 'timestamptz', default: () => 'now()' })
  requestedAt: Date;

  @Column({ name: 'decided_at', type: 'timestamptz', nullable: true })
  decidedAt: Date | null;

  @Column({ name: 'decided_by_id', type: 'int', nullable: true })
  decidedById: number | null;
}

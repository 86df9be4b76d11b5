import type { InviteRole, MailStatus } from '@warmpath/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * An e-mail invitation, bound to the invited address. The token itself is never stored: only
 * its SHA-256, so a copy of the database opens no workspace. The row is also the mail's outbox.
 */
@Entity({ name: 'invitations' })
export class InvitationEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'team_id', type: 'int' })
  teamId: number;

  @Column({ name: 'token_hash', type: 'char', length: 64 })
  tokenHash: string;

  @Column({ type: 'varchar', length: 320 })
  email: string;

  @Column({ type: 'varchar', length: 10 })
  role: InviteRole;

  @Column({ name: 'invited_by_id', type: 'int' })
  invitedById: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'accepted_at', type: 'timestamptz', nullable: true })
  acceptedAt: Date | null;

  @Column({ name: 'accepted_by_id', type: 'int', nullable: true })
  acceptedById: number | null;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;

  @Column({ name: 'mail_status', type: 'varchar', length: 10 })
  mailStatus: MailStatus;

  @Column({ name: 'mail_sent_at', type: 'timestamptz', nullable: true })
  mailSentAt: Date | null;

  @Column({ name: 'mail_attempts', type: 'int', default: 0 })
  mailAttempts: number;

  @Column({ name: 'mail_last_error', type: 'varchar', length: 500, nullable: true })
  mailLastError: string | null;
}

import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The durable copy of a browser session. The id is never stored: only its SHA-256 (hex). */
@Entity({ name: 'sessions' })
export class SessionEntity {
  @PrimaryColumn({ name: 'id_hash', type: 'char', length: 64 })
  idHash: string;

  @Column({ name: 'user_id', type: 'int' })
  userId: number;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'last_seen_at', type: 'timestamptz' })
  lastSeenAt: Date;
}

import {
  Column,
  CreateDateColumn,
  Entity,
  ManyToOne,
  PrimaryGeneratedColumn,
  Unique,
  JoinColumn,
} from 'typeorm';
import type { OAuthProvider } from '@warmpath/contracts';
import { UserEntity } from './user.entity.js';

/** An OAuth identity: (provider, subject) belongs to exactly one account. */
@Entity({ name: 'identities' })
@Unique('identities_provider_subject', ['provider', 'subject'])
@Unique('identities_user_provider', ['userId', 'provider'])
export class IdentityEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'user_id', type: 'int' })
  userId: number;

  @ManyToOne(() => UserEntity, (user) => user.identities, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user: UserEntity;

  @Column({ type: 'varchar', length: 20 })
  provider: OAuthProvider;

  @Column({ type: 'varchar', length: 255 })
  subject: string;

  @Column({ type: 'varchar', length: 320, nullable: true })
  email: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

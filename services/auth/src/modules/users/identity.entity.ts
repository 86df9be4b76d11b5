import {
  Column,
  CreateDateColumn,
  Entity,
  ManyToOne,
  PrimaryGeneratedColumn,
  Unique,
  JoinColumn,
  type Relation,
} from 'typeorm';
import type { OAuthProvider } from '@warmpath/contracts';
import type { UserEntity } from './user.entity.js';

/** An OAuth identity: (provider, subject) belongs to exactly one account. */
@Entity({ name: 'identities' })
@Unique('identities_provider_subject', ['provider', 'subject'])
@Unique('identities_user_provider', ['userId', 'provider'])
export class IdentityEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'user_id', type: 'int' })
  userId: number;

  // Named, not imported: the two entities refer to each other, and a type-only import keeps
  // that out of the module graph (the metadata builder resolves the name).
  @ManyToOne('UserEntity', (user: UserEntity) => user.identities, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user: Relation<UserEntity>;

  @Column({ type: 'varchar', length: 20 })
  provider: OAuthProvider;

  @Column({ type: 'varchar', length: 255 })
  subject: string;

  @Column({ type: 'varchar', length: 320, nullable: true })
  email: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

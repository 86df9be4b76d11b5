import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  PrimaryGeneratedColumn,
  Unique,
  UpdateDateColumn,
} from 'typeorm';
import type { FunctionCategory } from '@warmpath/contracts';

/**
 * One person in one user's imported network. (owner, match_key) is unique: re-importing the same
 * export finds the same rows (match by canonical profile URL, else name + company key).
 */
@Entity({ name: 'connections' })
@Unique('connections_owner_match', ['ownerUserId', 'matchKey'])
@Index('connections_owner_company', ['ownerUserId', 'companyKey'])
export class ConnectionEntity {
  /** bigint: pg returns it as a string, which is also the API's id type. */
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ name: 'owner_user_id', type: 'int' })
  ownerUserId: number;

  @Column({ name: 'match_key', type: 'varchar', length: 700 })
  matchKey: string;

  @Column({ name: 'first_name', type: 'varchar', length: 100 })
  firstName: string;

  @Column({ name: 'last_name', type: 'varchar', length: 100 })
  lastName: string;

  @Column({ type: 'varchar', length: 320, nullable: true })
  email: string | null;

  @Column({ name: 'linkedin_url', type: 'varchar', length: 500, nullable: true })
  linkedinUrl: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  company: string | null;

  @Column({ name: 'company_key', type: 'varchar', length: 200, nullable: true })
  companyKey: string | null;

  @Column({ type: 'varchar', length: 300, nullable: true })
  position: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  industry: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  location: string | null;

  /** LinkedIn's "Connected On" (a calendar date, no time zone). */
  @Column({ name: 'connected_on', type: 'date', nullable: true })
  connectedOn: string | null;

  @Column({ type: 'varchar', length: 20 })
  category: FunctionCategory;

  @Column({ type: 'smallint' })
  seniority: number;

  /** Private to the owner; survives re-imports. */
  @Column({ type: 'text', nullable: true })
  notes: string | null;

  @Column({ name: 'has_worked_with', type: 'boolean', default: false })
  hasWorkedWith: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

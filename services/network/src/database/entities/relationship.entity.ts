import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { RelationshipType } from '@warmpath/contracts';

/** A generated company link between two of one owner's connections (product-spec §5). */
@Entity({ name: 'relationships' })
@Index('relationships_owner_company', ['ownerUserId', 'companyKey'])
export class RelationshipEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ name: 'owner_user_id', type: 'int' })
  ownerUserId: number;

  @Column({ name: 'source_id', type: 'bigint' })
  sourceId: string;

  @Column({ name: 'target_id', type: 'bigint' })
  targetId: string;

  @Column({ type: 'varchar', length: 20 })
  type: RelationshipType;

  @Column({ type: 'smallint' })
  strength: number;

  @Column({ type: 'varchar', length: 200, nullable: true })
  company: string | null;

  @Column({ name: 'company_key', type: 'varchar', length: 200, nullable: true })
  companyKey: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

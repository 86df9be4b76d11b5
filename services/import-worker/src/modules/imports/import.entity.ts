import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type {
  ImportSignalsReport,
  ImportState,
  ImportStatus,
  RowWarning,
  SkippedRowReport,
} from '@warmpath/contracts';

/** One import of one uploaded file (imports.imports). */
@Entity({ name: 'imports' })
export class ImportEntity {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ name: 'user_id', type: 'int' })
  userId: number;

  @Column({ type: 'varchar', length: 16 })
  state: ImportState;

  @Column({ name: 'file_name', type: 'varchar', length: 255 })
  fileName: string;

  /** bigint: pg returns it as a string. */
  @Column({ name: 'size_bytes', type: 'bigint' })
  sizeBytes: string;

  /** The object store's digest of the upload ("SHA-256=..."). */
  @Column({ type: 'varchar', length: 200 })
  digest: string;

  @Column({ name: 'object_name', type: 'varchar', length: 200 })
  objectName: string;

  /** Tries started so far; staging is per attempt, so a retry never mixes with a dead try's rows. */
  @Column({ type: 'int', default: 0 })
  attempt: number;

  @Column({ name: 'rows_read', type: 'int', default: 0 })
  rowsRead: number;

  @Column({ type: 'int', default: 0 })
  imported: number;

  @Column({ type: 'int', default: 0 })
  updated: number;

  @Column({ type: 'int', default: 0 })
  unchanged: number;

  @Column({ name: 'job_changes', type: 'int', default: 0 })
  jobChanges: number;

  @Column({ type: 'int', default: 0 })
  absent: number;

  @Column({ type: 'int', default: 0 })
  skipped: number;

  @Column({ type: 'int', default: 0 })
  relationships: number;

  @Column({ name: 'skipped_rows', type: 'jsonb', default: () => `'[]'` })
  skippedRows: SkippedRowReport[];

  /** Per warning kind; '{}' for imports recorded before warnings existed. */
  @Column({ name: 'warning_counts', type: 'jsonb', default: () => `'{}'` })
  warningCounts: Partial<ImportStatus['warningCounts']>;

  @Column({ type: 'jsonb', default: () => `'[]'` })
  warnings: RowWarning[];

  /** What the archive's relationship files gave; null for a plain CSV (docs/warmth.md). */
  @Column({ type: 'jsonb', nullable: true })
  signals: ImportSignalsReport | null;

  @Column({ name: 'error_code', type: 'varchar', length: 40, nullable: true })
  errorCode: string | null;

  @Column({ name: 'error_message', type: 'text', nullable: true })
  errorMessage: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt: Date | null;
}

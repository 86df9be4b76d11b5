import type { BulkFileInput } from '@warmpath/contracts';
import { createHash } from 'node:crypto';

/**
 * A file of a bulk as received, before any ZIP of several exports is split: what the request's
 * digest (its Idempotency-Key's) is made of. `bytes` is the SHA-256 of a refused file's bytes.
 */
export type ReceivedBulkFile = BulkFileInput & { zip?: boolean; bytes?: string };

/**
 * What makes two bulk uploads the same request (Idempotency-Key): the workspace, and every file in
 * order with its name, e-mail, file name and bytes (a refused file by its reason and bytes).
 */
export function bulkRequestDigest(teamId: number, files: readonly ReceivedBulkFile[]): string {
  const hash = createHash('sha256').update(`bulk\n${teamId}\n`);
  for (const file of files)
    hash.update(
      JSON.stringify([
        file.fileName,
        file.sourceName,
        file.email,
        file.upload?.digest ?? null,
        file.error?.code ?? null,
        file.bytes ?? null,
      ]) + '\n',
    );
  return `bulk:SHA-256=${hash.digest('base64')}`;
}

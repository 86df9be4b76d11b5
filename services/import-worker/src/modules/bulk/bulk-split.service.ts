import { Injectable } from '@nestjs/common';
import { BULK_MESSAGES, type BulkSplitReply } from '@warmpath/contracts';
import { ImportFileError, planBulkArchive } from '@warmpath/domain';
import { randomUUID } from 'node:crypto';
import { entryBytes } from '../archive/archive-source.js';
import { ARCHIVE_LIMITS, isSpreadsheet, readArchiveDirectory } from '../archive/zip-directory.js';
import { UploadStore } from '../uploads/upload-store.js';

type SplitExport = Extract<BulkSplitReply, { kind: 'split' }>['exports'][number];

/**
 * A ZIP uploaded to a bulk (docs/workspace-sources.md) that holds several people's exports: each export is
 * unpacked into an object of its own in the upload bucket, to be imported like any upload. The
 * limits of docs/import.md apply to every entry (size, ratio, CRC), and a bad entry fails only its
 * own file. A ZIP that is one person's LinkedIn archive, or no readable ZIP at all, is `single`:
 * it is imported as it is, and the import says what is wrong with it.
 */
@Injectable()
export class BulkSplitService {
  constructor(private readonly uploads: UploadStore) {}

  async split(objectName: string, fileName: string): Promise<BulkSplitReply> {
    const archive = await this.readWhole(objectName);
    if (!archive) return { kind: 'single' };
    let entries;
    try {
      entries = readArchiveDirectory(archive, ARCHIVE_LIMITS);
    } catch {
      return { kind: 'single' };
    }
    if (!entries || isSpreadsheet(entries)) return { kind: 'single' };
    const plan = planBulkArchive(entries.map((entry) => entry.name));
    if (plan.kind === 'single') return plan;
    if (plan.exports.length === 0) {
      await this.uploads.remove(objectName);
      return {
        kind: 'split',
        exports: [
          {
            fileName,
            sourceName: fileName,
            upload: null,
            error: { code: 'ARCHIVE_WITHOUT_EXPORTS', message: BULK_MESSAGES.zipWithoutExports },
          },
        ],
      };
    }
    const byName = new Map(entries.map((entry) => [entry.name, entry] as const));
    const exports: SplitExport[] = [];
    for (const planned of plan.exports) {
      const entry = byName.get(planned.entryName);
      const base = { fileName: planned.entryName.slice(0, 255), sourceName: planned.sourceName };
      if (!entry) continue;
      const name = randomUUID();
      try {
        const info = await this.uploads.putBytes(name, entryBytes(archive, entry, ARCHIVE_LIMITS));
        exports.push({
          ...base,
          upload: { objectName: name, sizeBytes: info.size, digest: info.digest },
          error: null,
        });
      } catch (error) {
        await this.uploads.remove(name);
        const failure =
          error instanceof ImportFileError ? error : ImportFileError.archiveUnreadable('it is damaged');
        exports.push({ ...base, upload: null, error: { code: failure.code, message: failure.message } });
      }
    }
    await this.uploads.remove(objectName);
    return { kind: 'split', exports };
  }

  /** The object's bytes when it starts as a ZIP (and is within the archive limit), else null. */
  private async readWhole(objectName: string): Promise<Uint8Array | null> {
    const chunks: Uint8Array[] = [];
    let length = 0;
    for await (const chunk of await this.uploads.read(objectName)) {
      if (length === 0 && !(chunk[0] === 0x50 && chunk[1] === 0x4b)) return null;
      length += chunk.length;
      if (length > ARCHIVE_LIMITS.archiveBytes) return null;
      chunks.push(chunk);
    }
    return length === 0 ? null : Buffer.concat(chunks, length);
  }
}

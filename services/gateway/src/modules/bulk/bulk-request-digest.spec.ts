import { describe, expect, it } from '@jest/globals';
import { bulkRequestDigest, type ReceivedBulkFile } from './bulk-request-digest.js';

const stored = (
  fileName: string,
  digest: string,
  extra: Partial<ReceivedBulkFile> = {},
): ReceivedBulkFile => ({
  fileName,
  sourceName: fileName.replace(/\.csv$/, ''),
  email: null,
  upload: { objectName: `object-of-${fileName}-${Math.random()}`, sizeBytes: 10, digest },
  error: null,
  ...extra,
});

describe('bulkRequestDigest (the Idempotency-Key of a bulk upload)', () => {
  const files = [stored('ana.csv', 'SHA-256=a'), stored('bea.csv', 'SHA-256=b')];

  it('is the same for the same files, wherever they were stored', () => {
    const again = [stored('ana.csv', 'SHA-256=a'), stored('bea.csv', 'SHA-256=b')];
    expect(bulkRequestDigest(7, again)).toBe(bulkRequestDigest(7, files));
  });

  it('differs with other bytes, names, e-mails, order, workspace or a refused file’s bytes', () => {
    const digest = bulkRequestDigest(7, files);
    const others: [number, ReceivedBulkFile[]][] = [
      [7, [stored('ana.csv', 'SHA-256=a'), stored('bea.csv', 'SHA-256=c')]],
      [7, [stored('ana.csv', 'SHA-256=a', { sourceName: 'Ana Ruiz' }), files[1]!]],
      [7, [stored('ana.csv', 'SHA-256=a', { email: 'ana@example.com' }), files[1]!]],
      [7, [files[1]!, files[0]!]],
      [8, files],
      [7, [files[0]!]],
    ];
    for (const [teamId, other] of others) expect(bulkRequestDigest(teamId, other)).not.toBe(digest);
    const refused = (bytes: string): ReceivedBulkFile => ({
      ...stored('notes.txt', ''),
      upload: null,
      error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'x' },
      bytes,
    });
    expect(bulkRequestDigest(7, [refused('one')])).not.toBe(bulkRequestDigest(7, [refused('two')]));
  });
});

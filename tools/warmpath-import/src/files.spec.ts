import { afterAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultSourceName, expandInputs, idempotencyKey, sha256Of } from './files.js';

const root = await mkdtemp(join(tmpdir(), 'warmpath-import-'));
afterAll(() => rm(root, { recursive: true, force: true }));

describe('expandInputs', () => {
  it("takes a file as it is, and a folder's CSV and ZIP files by name (not subfolders or other files)", async () => {
    const folder = join(root, 'exports');
    await mkdir(join(folder, 'nested'), { recursive: true });
    await writeFile(join(folder, 'b.csv'), 'bb');
    await writeFile(join(folder, 'a.ZIP'), 'a');
    await writeFile(join(folder, 'notes.txt'), 'x');
    await writeFile(join(folder, 'nested', 'c.csv'), 'c');
    const single = join(root, 'one.csv');
    await writeFile(single, 'one');
    expect(await expandInputs([single, folder])).toEqual([
      { path: single, fileName: 'one.csv', sizeBytes: 3 },
      { path: join(folder, 'a.ZIP'), fileName: 'a.ZIP', sizeBytes: 1 },
      { path: join(folder, 'b.csv'), fileName: 'b.csv', sizeBytes: 2 },
    ]);
  });

  it('refuses a missing path and a folder with nothing to import', async () => {
    await expect(expandInputs([join(root, 'nope.csv')])).rejects.toThrow(
      `No such file or folder: ${join(root, 'nope.csv')}`,
    );
    const empty = join(root, 'empty');
    await mkdir(empty);
    await expect(expandInputs([empty])).rejects.toThrow(`No .csv or .zip file in ${empty}`);
  });
});

describe('idempotency keys', () => {
  it('follow the bytes of the file, and where and as whom it is imported', async () => {
    const file = join(root, 'k.csv');
    await writeFile(file, 'same bytes');
    const hash = await sha256Of(file);
    expect(hash).toBe(createHash('sha256').update('same bytes').digest('hex'));
    expect(idempotencyKey(hash, null, null)).toBe(`warmpath-import-${hash}`);
    const ana = idempotencyKey(hash, 3, 'Ana');
    expect(ana).toMatch(/^warmpath-import-[0-9a-f]{64}$/);
    expect(idempotencyKey(hash, 3, 'Ana')).toBe(ana);
    expect(idempotencyKey(hash, 3, 'Bea')).not.toBe(ana);
    expect(idempotencyKey(hash, 4, 'Ana')).not.toBe(ana);
  });

  it('name a source by its file name without extension', () => {
    expect(defaultSourceName('Ana Silva.csv')).toBe('Ana Silva');
    expect(defaultSourceName('bea.export.zip')).toBe('bea.export');
  });
});

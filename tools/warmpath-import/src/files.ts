import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';

export interface InputFile {
  path: string;
  fileName: string;
  sizeBytes: number;
}

const IMPORTABLE = new Set(['.csv', '.zip']);

/**
 * The files to upload: a file as it is; a folder's CSV and ZIP files (not its subfolders), by
 * name. A path that does not exist, or a folder with nothing to import, is an error.
 */
export async function expandInputs(inputs: string[]): Promise<InputFile[]> {
  const files: InputFile[] = [];
  for (const input of inputs) {
    const info = await stat(input).catch(() => null);
    if (!info) throw new Error(`No such file or folder: ${input}`);
    if (info.isFile()) {
      files.push({ path: input, fileName: basename(input), sizeBytes: info.size });
      continue;
    }
    const entries = (await readdir(input, { withFileTypes: true }))
      .filter((entry) => entry.isFile() && IMPORTABLE.has(extname(entry.name).toLowerCase()))
      .map((entry) => entry.name)
      .sort();
    if (!entries.length) throw new Error(`No .csv or .zip file in ${input}`);
    for (const name of entries) {
      const path = join(input, name);
      files.push({ path, fileName: name, sizeBytes: (await stat(path)).size });
    }
  }
  return files;
}

export async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The person an export belongs to, by default: its file name without extension. */
export const defaultSourceName = (fileName: string): string => basename(fileName, extname(fileName));

/**
 * The Idempotency-Key of an upload: from the file's bytes (and, into a workspace, where and under
 * which name it goes), so re-running the same command sends the same keys and changes nothing.
 */
export function idempotencyKey(fileSha256: string, workspace: number | null, name: string | null): string {
  if (workspace === null) return `warmpath-import-${fileSha256}`;
  const scoped = createHash('sha256')
    .update(`${workspace}\n${name ?? ''}\n${fileSha256}`)
    .digest('hex');
  return `warmpath-import-${scoped}`;
}

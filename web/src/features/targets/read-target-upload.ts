import type { ColumnMapping } from '@warmpath/contracts';
import { isTargetFileError, readTargetFile, type TargetSheet } from '@warmpath/domain';

export type TargetUploadRead = { kind: 'read'; sheet: TargetSheet } | { kind: 'refused'; message: string };

/**
 * Reads a picked file in the browser with the server's own reader (docs/targets.md#files), for the
 * preview and the mapping step: a refusal is shown as it is and nothing is uploaded.
 */
export async function readTargetUpload(file: Blob, mapping?: ColumnMapping): Promise<TargetUploadRead> {
  try {
    const bytes = await fileBytes(file);
    return { kind: 'read', sheet: await readTargetFile(bytes, mapping ? { mapping } : {}) };
  } catch (error) {
    if (isTargetFileError(error)) return { kind: 'refused', message: error.message };
    throw error;
  }
}

/** The file's bytes; through FileReader where Blob.arrayBuffer is missing (older engines, jsdom). */
function fileBytes(file: Blob): Promise<Uint8Array> {
  if (typeof file.arrayBuffer === 'function')
    return file.arrayBuffer().then((buffer) => new Uint8Array(buffer));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsArrayBuffer(file);
  });
}

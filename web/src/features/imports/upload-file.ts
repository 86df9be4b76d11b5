import type { ImportAccepted, ImportResult } from '@warmpath/contracts';

export type UploadAnswer =
  { kind: 'accepted'; accepted: ImportAccepted } | { kind: 'completed'; result: ImportResult };

/**
 * The server refused the upload: its status and the JSON `error` or `message` it gave
 * (docs/product.md#api).
 */
export class UploadRefusedError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The request never got an answer (connection dropped, server unreachable). */
export class UploadNetworkError extends Error {}

function serverMessage(xhr: XMLHttpRequest): string {
  try {
    const body = JSON.parse(xhr.responseText) as { error?: unknown; message?: unknown };
    if (typeof body.message === 'string' && body.message) return body.message;
    if (typeof body.error === 'string' && body.error) return body.error;
  } catch {
    // Not JSON: fall back to the status line.
  }
  return xhr.responseText.trim() || xhr.statusText || 'Unknown error';
}

/**
 * Uploads a CSV as multipart field `file` with upload progress (fetch cannot report it), asking
 * the server to answer at once with the import's address (`Prefer: respond-async`) so the dialog
 * can follow the processing live. A server that answers synchronously (200 with the network) is
 * accepted too.
 */
export function uploadImportFile(
  url: string,
  file: File,
  onProgress: (percent: number) => void,
): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Prefer', 'respond-async');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onerror = () => reject(new UploadNetworkError('Connection error while uploading'));
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300)
        return reject(new UploadRefusedError(xhr.status, serverMessage(xhr)));
      onProgress(100);
      try {
        const body = JSON.parse(xhr.responseText) as ImportAccepted | ImportResult;
        resolve(
          xhr.status === 202
            ? { kind: 'accepted', accepted: body as ImportAccepted }
            : { kind: 'completed', result: body as ImportResult },
        );
      } catch {
        reject(new UploadRefusedError(xhr.status, 'Unreadable answer from the server'));
      }
    };
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/** docs/product.md#uploads: type text/csv or a name ending .csv. */
export function isCsvFile(file: Pick<File, 'type' | 'name'>): boolean {
  return file.type.split(';')[0].trim().toLowerCase() === 'text/csv' || /\.csv$/i.test(file.name.trim());
}

const ZIP_TYPES = ['application/zip', 'application/x-zip-compressed', 'application/x-zip'];

/**
 * LinkedIn's data archive as it is downloaded (docs/import.md#the-linkedin-archive); the server
 * reads Connections.csv from it.
 */
export function isZipFile(file: Pick<File, 'type' | 'name'>): boolean {
  return ZIP_TYPES.includes(file.type.split(';')[0].trim().toLowerCase()) || /\.zip$/i.test(file.name.trim());
}

/** What the import dialogs take: a CSV export or the archive holding it. */
export const isImportFile = (file: Pick<File, 'type' | 'name'>): boolean =>
  isCsvFile(file) || isZipFile(file);

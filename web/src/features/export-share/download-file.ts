/** Saves a blob under a file name through a temporary object URL. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The download has started by now; the URL is only needed for the click.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** "warmpath-connections-2025-01-31.csv" */
export function datedFileName(stem: string, extension: string, now = new Date()): string {
  const day = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  return `warmpath-${stem}-${day}.${extension}`;
}

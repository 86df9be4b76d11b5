import { sourceNameOfFile } from './source-naming.js';

/** One export found in a ZIP of several: whose it is and which entry holds it. */
export interface PlannedExport {
  sourceName: string;
  /** The entry's path in the archive. */
  entryName: string;
  /** A CSV file (`csv`) or a LinkedIn archive inside the archive (`zip`). */
  kind: 'csv' | 'zip';
}

export type ArchivePlan = { kind: 'single' } | { kind: 'split'; exports: PlannedExport[] };

const isIgnored = (name: string): boolean =>
  name.startsWith('__MACOSX/') || name.endsWith('/') || name.split('/').some((part) => part.startsWith('.'));

/**
 * What a ZIP uploaded to a bulk holds (docs/workspace-sources.md), from its entries' names:
 * - `single`: one person's LinkedIn archive (Connections.csv at its top, or in its one folder);
 * - `split`: one export per person, named for them: each top-level `<name>.csv`, each top-level
 *   `<name>.zip` (a LinkedIn archive), and each top-level folder `<name>/` holding a
 *   Connections.csv (anywhere inside; the shallowest is read). An archive whose only top-level
 *   entry is one folder is read as if that folder were its top.
 * An empty `exports` means it holds none. Folders without Connections.csv and other files are
 * ignored (a README beside the exports is fine).
 */
export function planBulkArchive(entryNames: readonly string[]): ArchivePlan {
  let names = entryNames.filter((name) => !isIgnored(name));
  let prefix = '';
  const tops = new Set(names.map((name) => name.split('/')[0]));
  const [onlyTop] = tops;
  if (tops.size === 1 && onlyTop !== undefined && names.every((name) => name.includes('/'))) {
    prefix = `${onlyTop}/`;
    names = names.map((name) => name.slice(prefix.length));
  }
  if (names.some((name) => name.toLowerCase() === 'connections.csv')) return { kind: 'single' };
  const exports: PlannedExport[] = [];
  const folders = new Map<string, string[]>();
  for (const name of names) {
    const parts = name.split('/');
    if (parts.length === 1) {
      if (/\.csv$/i.test(name))
        exports.push({ sourceName: sourceNameOfFile(name), entryName: name, kind: 'csv' });
      else if (/\.zip$/i.test(name))
        exports.push({ sourceName: sourceNameOfFile(name), entryName: name, kind: 'zip' });
      continue;
    }
    const folder = parts[0] as string;
    if (!folders.has(folder)) folders.set(folder, []);
    (folders.get(folder) as string[]).push(name);
  }
  for (const [folder, inside] of folders) {
    const connections = inside
      .filter((name) => (name.split('/').pop() ?? '').toLowerCase() === 'connections.csv')
      .sort((a, b) => a.split('/').length - b.split('/').length)[0];
    if (connections)
      exports.push({ sourceName: sourceNameOfFile(folder), entryName: connections, kind: 'csv' });
  }
  return {
    kind: 'split',
    exports: exports
      .filter((planned) => planned.sourceName !== '')
      .map((planned) => ({ ...planned, entryName: prefix + planned.entryName })),
  };
}

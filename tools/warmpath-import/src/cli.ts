#!/usr/bin/env node
import { expandInputs } from './files.js';
import { readOptions, USAGE, UsageError } from './options.js';
import { ProgressBoard } from './progress.js';
import { importAll } from './run-import.js';
import { summaryTable } from './summary.js';

/** warmpath-import: exit 0 when every file completed, 1 when any failed, 2 for a usage error. */
async function main(): Promise<number> {
  let options;
  try {
    options = readOptions(process.argv.slice(2), process.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`warmpath-import: ${error.message}\n\n${USAGE}\n`);
    return 2;
  }
  if (options === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  let files;
  try {
    files = await expandInputs(options.inputs);
  } catch (error) {
    process.stderr.write(`warmpath-import: ${(error as Error).message}\n`);
    return 2;
  }
  const board = new ProgressBoard(process.stderr, files);
  const results = await importAll(files, { options, board });
  board.finish();
  process.stdout.write(
    options.json ? `${JSON.stringify({ files: results }, null, 2)}\n` : summaryTable(results),
  );
  return results.some((r) => r.status === 'failed') ? 1 : 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`warmpath-import: ${(error as Error).stack ?? String(error)}\n`);
    process.exitCode = 1;
  },
);

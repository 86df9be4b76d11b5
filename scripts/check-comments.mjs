// Fails when a tracked source, test, script, config or doc cites what is not in the repository:
// section signs, the old product document, issue numbers or documents that lived beside it
// (rules and reasons in scripts/lib/comment-rules.mjs, docs/developer-guide.md#comments).
// Run by the `scripts:lint` target, so `nx run-many -t lint` and `npm test` run it.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findCommentViolations, isCheckedPath } from './lib/comment-rules.mjs';

const rootFlag = process.argv.indexOf('--root');
const root =
  rootFlag === -1 ? join(fileURLToPath(new URL('.', import.meta.url)), '..') : process.argv[rootFlag + 1];
const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
  .split('\0')
  .filter((path) => path && isCheckedPath(path));

let count = 0;
for (const path of tracked) {
  let text;
  try {
    text = readFileSync(join(root, path), 'utf8');
  } catch {
    continue; // deleted in the work tree, not yet in the index
  }
  for (const { line, rule, why, excerpt } of findCommentViolations(text)) {
    count += 1;
    console.error(`${path}:${line}: ${rule}: ${excerpt}\n    ${why}`);
  }
}
if (count > 0) {
  console.error(`\n${count} line(s) cite what is not in the repository (docs/developer-guide.md#comments).`);
  process.exit(1);
}
console.log(`check-comments: ${tracked.length} files, none cites outside the repository.`);

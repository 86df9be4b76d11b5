// Checks commit messages against the convention (scripts/lib/commit-message.mjs,
// docs/developer-guide.md#commits).
//   node scripts/check-commits.mjs --message-file <file>   one message (the commit-msg hook)
//   node scripts/check-commits.mjs                          every commit since the last release
// "Since the last release": after the newest tag matching v* reachable from HEAD; without one,
// after the commit named in scripts/commit-baseline.txt, so history from before the convention
// is not judged (nor commits made before that base on branches merged later). Merge commits and
// reverts are judged by their subject's length only. A shallow clone without the base checks the commits it has.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkCommitMessage, checkGitMessage } from './lib/commit-message.mjs';

const rootFlag = process.argv.indexOf('--root');
const root =
  rootFlag === -1 ? join(fileURLToPath(new URL('.', import.meta.url)), '..') : process.argv[rootFlag + 1];
const git = (...args) =>
  execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
const tryGit = (...args) => {
  try {
    return git(...args).trim();
  } catch {
    return null;
  }
};

const fileFlag = process.argv.indexOf('--message-file');
if (fileFlag !== -1) {
  const message = readFileSync(process.argv[fileFlag + 1], 'utf8');
  const { errors, warnings } = check(message);
  for (const warning of warnings) console.error(`commit message: warning: ${warning}`);
  for (const error of errors) console.error(`commit message: ${error}`);
  if (errors.length > 0) {
    console.error('See docs/developer-guide.md#commits. Your message is kept in .git/COMMIT_EDITMSG.');
    process.exit(1);
  }
  process.exit(0);
}

if (tryGit('rev-parse', '--is-inside-work-tree') !== 'true') {
  console.log('check-commits: not a git checkout; nothing to check.');
  process.exit(0);
}
const base = releaseBase();
const range = base ? [`${base.commit}..HEAD`] : ['HEAD'];
const log = git('log', '--format=%H%x00%ct%x00%B%x1e', ...range);
const commits = log
  .split('\x1e')
  .map((entry) => entry.trim())
  .filter(Boolean)
  .map((entry) => {
    const [hash, time, message] = entry.split('\0');
    return { hash, time: Number(time), message };
  })
  // Commits made before the base, on branches merged after it, predate the convention too.
  .filter(({ time }) => !base || time > base.time);

const accepted = acceptedCommits();
let failed = 0;
let warned = 0;
for (const { hash, message } of commits) {
  if (accepted.has(hash)) continue;
  const { errors, warnings } = check(message);
  const subject = message.split('\n')[0];
  if (errors.length > 0) {
    failed += 1;
    console.error(`${hash.slice(0, 9)} ${subject}`);
    for (const error of errors) console.error(`    ${error}`);
  } else if (warnings.length > 0) {
    warned += 1;
  }
}
const since = base ? base.label : 'the start of the available history';
console.log(
  `check-commits: ${commits.length} commit(s) since ${since}: ${failed} failing, ${warned} without a body.`,
);
if (failed > 0) {
  console.error('Commit messages: docs/developer-guide.md#commits.');
  process.exit(1);
}

/** The commit after which messages are judged, or null to judge every commit at hand. */
function releaseBase() {
  const tag = tryGit('describe', '--tags', '--abbrev=0', '--match', 'v*', 'HEAD');
  if (tag) return { commit: tag, label: `release ${tag}`, time: commitTime(tag) };
  const baseline = readFileSync(join(root, 'scripts', 'commit-baseline.txt'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .find((line) => /^[0-9a-f]{40}$/.test(line));
  if (!baseline) throw new Error('scripts/commit-baseline.txt names no commit');
  if (tryGit('cat-file', '-e', `${baseline}^{commit}`) !== null) {
    return { commit: baseline, label: `the baseline ${baseline.slice(0, 9)}`, time: commitTime(baseline) };
  }
  if (tryGit('rev-parse', '--is-shallow-repository') === 'true') {
    console.log('check-commits: shallow clone without the baseline commit; checking the commits it has.');
    return null;
  }
  throw new Error(`the baseline commit ${baseline} of scripts/commit-baseline.txt is not in this history`);
}

/**
 * Commits that landed on main before they could be reworded, each named in
 * scripts/commit-baseline.txt on a line `accept <hash> <why>`: history cannot be rewritten once
 * merged, so such a commit is listed once instead of failing every later run.
 */
function acceptedCommits() {
  const lines = readFileSync(join(root, 'scripts', 'commit-baseline.txt'), 'utf8').split('\n');
  return new Set(
    lines
      .map((line) => /^accept\s+([0-9a-f]{40})\b/.exec(line.trim())?.[1])
      .filter((hash) => hash !== undefined),
  );
}

function commitTime(commit) {
  return Number(git('log', '-1', '--format=%ct', commit).trim());
}

/** The convention's check, or only the length for messages git writes itself. */
function check(message) {
  return isWrittenByGit(message) ? checkGitMessage(message) : checkCommitMessage(message);
}

/** Messages git writes itself: merges, reverts, and fixups meant to be squashed before merging. */
function isWrittenByGit(message) {
  return /^(Revert "|Merge |fixup! |squash! |amend! )/.test(message);
}

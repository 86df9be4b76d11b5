// `npm install` runs this (the root `prepare` script): git runs the hooks of .githooks/ (the commit
// message check, docs/developer-guide.md#commits). Outside a git checkout (an unpacked tarball, a
// Docker build) it does nothing, silently.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');
try {
  const inside = execFileSync('git', ['rev-parse', '--is-inside-work-tree'], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  }).trim();
  if (inside === 'true' && existsSync(join(root, '.githooks'))) {
    execFileSync('git', ['config', 'core.hooksPath', '.githooks'], { cwd: root, stdio: 'ignore' });
  }
} catch {
  // No git, or not a checkout: nothing to install.
}

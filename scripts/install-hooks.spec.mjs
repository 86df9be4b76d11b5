import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const script = fileURLToPath(new URL('./install-hooks.mjs', import.meta.url));

/** A copy of the script in a folder of its own, as `npm install` would find it in a checkout. */
function projectIn(dir) {
  mkdirSync(join(dir, 'scripts'));
  mkdirSync(join(dir, '.githooks'));
  copyFileSync(script, join(dir, 'scripts', 'install-hooks.mjs'));
  return spawnSync(process.execPath, [join(dir, 'scripts', 'install-hooks.mjs')], {
    cwd: dir,
    encoding: 'utf8',
  });
}

describe('install-hooks.mjs (the prepare script)', () => {
  let dir;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'install-hooks-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('points git at .githooks in a checkout', () => {
    execFileSync('git', ['init', '-q'], { cwd: dir });
    const result = projectIn(dir);
    expect(result.status).toBe(0);
    expect(execFileSync('git', ['config', 'core.hooksPath'], { cwd: dir, encoding: 'utf8' }).trim()).toBe(
      '.githooks',
    );
  });

  it('does nothing, silently, outside a git checkout', () => {
    const result = projectIn(dir);
    expect(result.status).toBe(0);
    expect(result.stdout + result.stderr).toBe('');
  });
});

import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findCommentViolations, isCheckedPath } from './comment-rules.mjs';

// The bad lines are assembled, so that this file passes the check it tests.
const SECTION = '\u00a7';
const OLD_DOCUMENT = ['product', 'spec'].join('-');
const ISSUE = ['iss', 'ue'].join('');

describe('findCommentViolations', () => {
  it.each([
    [
      'a section sign',
      `// Validation rules (${OLD_DOCUMENT} ${SECTION}5).`,
      ['section-sign', 'product-spec'],
    ],
    ['a bare section number', ` * Same texts as ${SECTION}8.`, ['section-sign']],
    ['an issue number', `// Added for ${ISSUE} 15: the archive.`, ['issue-number']],
    ['an issue number with #', `/** Pass criteria (${ISSUE} #18). */`, ['issue-number']],
    ['a plural issue list', `// The workloads of ${ISSUE}s 17 and 18.`, ['issue-number']],
    ['a capitalised issue', `// ${ISSUE[0].toUpperCase()}${ISSUE.slice(1)} 16: tokens.`, ['issue-number']],
    ['an outside document', `// Module boundaries (${'STYLE'}.md) are enforced.`, ['outside-document']],
    ['the shared folder', `See ../${'shared'}/spec for the contract.`, ['outside-document']],
  ])('flags %s', (_what, line, rules) => {
    const violations = findCommentViolations(`const ok = 1;\n${line}\n`);
    expect(violations.map((v) => v.rule)).toEqual(rules);
    expect(violations.every((v) => v.line === 2)).toBe(true);
  });

  it.each([
    ['a docs/ pointer', '// Validation rules (docs/product.md#validation).'],
    ['an RFC section written out', '// Accept-Encoding (RFC 9110, section 12.5.3).'],
    ['the architecture page in docs', '// The shape: docs/architecture.md#shape.'],
    ['a word that contains "issue"', '// Tissue 5 is not a tracker reference.'],
    ['code that mentions issues without a number', "const issues = ['late', 'missing'];"],
  ])('accepts %s', (_what, line) => {
    expect(findCommentViolations(line)).toEqual([]);
  });
});

describe('isCheckedPath', () => {
  it('checks sources, tests, configs, docs and the CI script, not the lockfile or images', () => {
    expect(
      ['web/src/a.tsx', 'libs/x/y.spec.ts', 'scripts/a.mjs', 'docs/a.md', '.ci/run', 'k8s/a.yaml'].map(
        isCheckedPath,
      ),
    ).toEqual([true, true, true, true, true, true]);
    expect(['package-lock.json', 'docs/screenshots/a.png'].map(isCheckedPath)).toEqual([false, false]);
  });
});

describe('check-comments.mjs', () => {
  const script = fileURLToPath(new URL('../check-comments.mjs', import.meta.url));
  let repo;
  beforeEach(() => {
    repo = mkdtempSync(join(tmpdir(), 'check-comments-'));
    execFileSync('git', ['init', '-q'], { cwd: repo });
  });
  afterEach(() => rmSync(repo, { recursive: true, force: true }));

  const run = () => spawnSync(process.execPath, [script, '--root', repo], { encoding: 'utf8' });

  it('fails on a tracked file with a bad line, naming the file and the line', () => {
    writeFileSync(join(repo, 'good.ts'), '// Why: docs/product.md#imports.\n');
    writeFileSync(join(repo, 'bad.ts'), `export const a = 1;\n// See ${ISSUE} 4.\n`);
    execFileSync('git', ['add', '.'], { cwd: repo });
    const result = run();
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('bad.ts:2: issue-number');
    expect(result.stderr).not.toContain('good.ts');
  });

  it('passes when every tracked file points into the repository, and ignores untracked ones', () => {
    writeFileSync(join(repo, 'good.ts'), '// Why: docs/product.md#imports.\n');
    execFileSync('git', ['add', '.'], { cwd: repo });
    writeFileSync(join(repo, 'scratch.ts'), `// ${OLD_DOCUMENT}\n`);
    const result = run();
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('1 files');
  });
});

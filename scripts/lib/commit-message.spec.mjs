import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MAX_SUBJECT_LENGTH, checkCommitMessage } from './commit-message.mjs';

const WHY = '\n\nThe body says why.\n';

describe('checkCommitMessage', () => {
  it('accepts a scoped imperative subject with a body', () => {
    expect(checkCommitMessage(`teams: add introduction requests with their state machine${WHY}`)).toEqual({
      errors: [],
      warnings: [],
    });
  });

  it('accepts every listed scope, e2e and import-worker included', () => {
    for (const scope of ['e2e', 'import-worker', 'server-kit', 'deps']) {
      expect(checkCommitMessage(`${scope}: keep the tests short${WHY}`).errors).toEqual([]);
    }
  });

  it(`refuses a subject over ${MAX_SUBJECT_LENGTH} characters`, () => {
    const subject = `docs: ${'x'.repeat(MAX_SUBJECT_LENGTH - 5)}`;
    expect(subject.length).toBe(MAX_SUBJECT_LENGTH + 1);
    expect(checkCommitMessage(subject + WHY).errors).toEqual([`the subject has 73 characters; at most 72`]);
    expect(checkCommitMessage(subject.slice(0, -1) + WHY).errors).toEqual([]);
  });

  it('refuses a subject without a scope, or with a scope not in the list', () => {
    expect(checkCommitMessage(`add the import history page${WHY}`).errors[0]).toMatch(
      /^the subject must read "<scope>: <summary>"/,
    );
    expect(checkCommitMessage(`frontend: add the import history page${WHY}`).errors[0]).toMatch(
      /^"frontend" is not a scope/,
    );
    expect(checkCommitMessage(`Web: add the import history page${WHY}`).errors[0]).toMatch(
      /^the subject must read/,
    );
  });

  it.each([
    ['adds', 'add'],
    ['Fixed', 'fix'],
    ['moving', 'move'],
    ['stopped', 'stop'],
    ['made', 'make'],
    ['updates', 'update'],
  ])('refuses "%s" as the first word, naming the imperative "%s"', (word, verb) => {
    expect(checkCommitMessage(`web: ${word} the toast${WHY}`).errors).toEqual([
      `start with the imperative "${verb}", not "${word}"`,
    ]);
  });

  it('leaves words that only look like a past tense alone', () => {
    expect(checkCommitMessage(`docs: pooled snapshots store the JSON on its first ask${WHY}`).errors).toEqual(
      [],
    );
    expect(checkCommitMessage(`graph: embed the legend in the canvas${WHY}`).errors).toEqual([]);
  });

  it('refuses a full stop at the end and a body glued to the subject', () => {
    expect(checkCommitMessage(`web: add the toast.${WHY}`).errors).toEqual([
      'the subject does not end with a full stop',
    ]);
    expect(checkCommitMessage('web: add the toast\nbecause users asked').errors).toEqual([
      'a blank line separates the subject from the body',
    ]);
  });

  it('only warns when the body is missing', () => {
    expect(checkCommitMessage('deps: bump vitest')).toEqual({
      errors: [],
      warnings: ['no body: say why in a few lines, unless the subject says it all'],
    });
  });

  it('ignores the comment lines git puts in the editor', () => {
    expect(
      checkCommitMessage(`ci: run the commit check first${WHY}# Please enter the commit message\n`).errors,
    ).toEqual([]);
  });

  it('refuses an empty message', () => {
    expect(checkCommitMessage('\n# nothing\n').errors).toEqual(['the subject is empty']);
  });
});

describe('check-commits.mjs', () => {
  const script = fileURLToPath(new URL('../check-commits.mjs', import.meta.url));
  let repo;
  let time = 1_700_000_000;
  const git = (...args) =>
    execFileSync('git', args, {
      cwd: repo,
      encoding: 'utf8',
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 't',
        GIT_AUTHOR_EMAIL: 't@example.org',
        GIT_COMMITTER_NAME: 't',
        GIT_COMMITTER_EMAIL: 't@example.org',
        // One second apart, so "made after the base" never depends on the clock.
        GIT_COMMITTER_DATE: `${(time += 1)} +0000`,
        GIT_AUTHOR_DATE: `${time} +0000`,
      },
    }).trim();
  const commit = (message) => {
    git('commit', '-q', '--allow-empty', '-m', message);
    return git('rev-parse', 'HEAD');
  };
  const run = (cwd = repo, ...args) =>
    spawnSync(process.execPath, [script, '--root', cwd, ...args], { encoding: 'utf8' });

  beforeEach(() => {
    repo = mkdtempSync(join(tmpdir(), 'check-commits-'));
    git('init', '-q', '-b', 'main');
    commit('an old message from before the convention');
    const baseline = git('rev-parse', 'HEAD');
    mkdirSync(join(repo, 'scripts'));
    writeFileSync(join(repo, 'scripts', 'commit-baseline.txt'), `# judged after this commit\n${baseline}\n`);
    git('add', '.');
    commit(`ci: record the commit baseline${WHY}`);
  });
  afterEach(() => rmSync(repo, { recursive: true, force: true }));

  it('passes on good messages after the baseline, whatever came before it', () => {
    commit('docs: add the product page');
    const result = run();
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('2 commit(s) since the baseline');
  });

  it('fails on a bad message after the baseline and names it', () => {
    const bad = commit('Updated some stuff');
    const result = run();
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`${bad.slice(0, 9)} Updated some stuff`);
  });

  it('judges only what follows the newest release tag', () => {
    commit('Updated some stuff');
    git('tag', '-a', 'v0.1.0', '-m', 'v0.1.0');
    commit('web: add the imports page');
    const result = run();
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('1 commit(s) since release v0.1.0');
  });

  it('judges merge commits and reverts by their subject’s length only', () => {
    git('checkout', '-q', '-b', 'side');
    writeFileSync(join(repo, 'page.txt'), 'imports\n');
    git('add', 'page.txt');
    const side = commit(`web: add the imports page${WHY}`);
    git('checkout', '-q', 'main');
    git('merge', '-q', '--no-ff', '--no-edit', 'side');
    git('revert', '--no-edit', side);
    expect(git('log', '-1', '--format=%s')).toBe('Revert "web: add the imports page"');
    const result = run();
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('4 commit(s)');

    git('checkout', '-q', '-b', 'other');
    writeFileSync(join(repo, 'other.txt'), 'history\n');
    git('add', 'other.txt');
    commit(`web: add the import history${WHY}`);
    git('checkout', '-q', 'main');
    const long = "Merge branch 'other': the import history, its filters, its paging, its tests";
    git('merge', '-q', '--no-ff', '-m', long, 'other');
    const refused = run();
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(`the subject has ${long.length} characters; at most 72`);
  });

  it('checks the commits a shallow clone has when the baseline is not among them', () => {
    commit('web: add the imports page');
    commit('web: add the import history');
    const clone = mkdtempSync(join(tmpdir(), 'check-commits-shallow-'));
    try {
      execFileSync('git', ['clone', '-q', '--depth', '2', `file://${repo}`, clone]);
      const result = run(clone);
      expect(result.status).toBe(0);
      expect(result.stdout).toContain('shallow clone without the baseline commit');
      expect(result.stdout).toContain('2 commit(s)');
    } finally {
      rmSync(clone, { recursive: true, force: true });
    }
  });

  it('checks one message file, as the commit-msg hook does', () => {
    const file = join(repo, 'MSG');
    writeFileSync(file, 'fixed it\n');
    const bad = run(repo, '--message-file', file);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('the subject must read "<scope>: <summary>"');
    writeFileSync(file, `scripts: check commit messages${WHY}`);
    expect(run(repo, '--message-file', file).status).toBe(0);
    writeFileSync(file, "Merge branch 'side'\n");
    expect(run(repo, '--message-file', file).status).toBe(0);
    writeFileSync(file, `Merge branch 'side': ${'x'.repeat(60)}\n`);
    expect(run(repo, '--message-file', file).status).toBe(1);
  });
});

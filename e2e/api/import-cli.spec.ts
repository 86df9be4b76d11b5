import { expect, test } from '@playwright/test';
import type { ImportList, WorkspaceSource } from '@warmpath/contracts';
import { buildExportRow, buildLinkedInCsv } from '@warmpath/testing';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { query, signUp, storedNetwork } from './import-helpers.js';
import { bearer, createToken } from './token-helpers.js';

// docs/api.md: the command-line importer against the running stack, with a personal access token.
const CLI = resolve(fileURLToPath(import.meta.url), '../../../tools/warmpath-import/dist/cli.js');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function runCli(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      { env: { PATH: process.env.PATH ?? '', ...env }, timeout: 120_000 },
      (error, stdout, stderr) =>
        done({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

test.describe('warmpath-import', () => {
  let folder: string;
  test.beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'warmpath-cli-'));
  });
  test.afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  test('imports a folder, reports the broken file, exits 1, and a re-run changes nothing', async ({
    request,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const userId = await signUp(request);
    const token = await createToken(request, ['imports:write'], 'cli');
    const people = (prefix: string, n: number) =>
      Array.from({ length: n }, (_, i) =>
        buildExportRow({ firstName: `${prefix}${i}`, lastName: 'Cli', company: `Co ${i % 3}` }),
      );
    await writeFile(join(folder, 'ana.csv'), buildLinkedInCsv(people('Ana', 5)));
    await writeFile(join(folder, 'bea.csv'), buildLinkedInCsv(people('Bea', 4)));
    await writeFile(join(folder, 'broken.csv'), 'this is not a LinkedIn export\nat all\n');
    const env = { WARMPATH_URL: baseURL ?? '', WARMPATH_TOKEN: token.secret };

    const first = await runCli([folder], env);
    expect(first.code, first.stderr).toBe(1);
    const rows = first.stdout.split('\n');
    expect(rows[0]).toMatch(/^FILE\s+STATUS\s+IMPORTED\s+UPDATED\s+UNCHANGED\s+SKIPPED\s+DETAIL$/);
    expect(rows[1]).toMatch(/^ana\.csv\s+completed\s+5\s+0\s+0\s+0$/);
    expect(rows[2]).toMatch(/^bea\.csv\s+completed\s+4\s+0\s+0\s+0$/);
    expect(rows[3]).toMatch(/^broken\.csv\s+failed\s+0\s+0\s+0\s+0\s+Couldn't find the LinkedIn header row/);
    expect(first.stdout).toContain('2 of 3 completed, 1 failed');
    // Progress on stderr: each file's upload, then its import's own states.
    expect(first.stderr).toMatch(/ana\.csv: \[-{24}\] uploading 0% of 1 KB/);
    expect(first.stderr).toMatch(/ana\.csv: \[#{24}\] uploading 100% of 1 KB/);
    expect(first.stderr).toMatch(/ana\.csv: \[#{24}\] completed/);
    expect(first.stderr).toMatch(/broken\.csv: \[#{24}\] failed: \S/);

    const before = await storedNetwork(userId);
    const imports = ((await (await request.get('/api/imports')).json()) as ImportList).imports.length;
    expect(imports).toBe(3);
    const again = await runCli([folder, '--json'], env);
    expect(again.code).toBe(1);
    const summary = JSON.parse(again.stdout) as {
      files: { file: string; status: string; alreadyImported: boolean }[];
    };
    expect(summary.files.map((f) => [f.file, f.status, f.alreadyImported])).toEqual([
      ['ana.csv', 'completed', true],
      ['bea.csv', 'completed', true],
      ['broken.csv', 'failed', true],
    ]);
    expect(await storedNetwork(userId)).toEqual(before);
    expect(((await (await request.get('/api/imports')).json()) as ImportList).imports.length).toBe(3);
  });

  test('--workspace: a folder of 20 exports, one broken, becomes 19 complete sources; a re-run changes nothing', async ({
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await signUp(request);
    const created = await request.post('/api/teams', { data: { name: 'Sales Org' } });
    expect(created.status(), await created.text()).toBe(201);
    const teamId = ((await created.json()) as { id: number }).id;
    const token = await createToken(request, ['imports:write', 'workspaces:read'], 'bulk loader');
    const names = Array.from({ length: 20 }, (_, i) => `rep-${String(i + 1).padStart(2, '0')}`);
    for (const [n, name] of names.entries()) {
      const content =
        name === 'rep-13'
          ? 'this is not a LinkedIn export\nat all\n'
          : buildLinkedInCsv(
              Array.from({ length: 30 }, (_, i) =>
                buildExportRow({ firstName: `P${n}x${i}`, lastName: 'Bulk', company: `Co ${i % 4}` }),
              ),
            );
      await writeFile(join(folder, `${name}.csv`), content);
    }
    const env = { WARMPATH_URL: baseURL ?? '', WARMPATH_TOKEN: token.secret };
    const args = [folder, '--workspace', String(teamId)];

    const first = await runCli(args, env);
    expect(first.code, first.stderr).toBe(1);
    // A progress line per file: its upload, then its import to its end.
    for (const name of names) {
      expect(first.stderr).toContain(`${name}.csv: [${'#'.repeat(24)}] uploading 100%`);
      expect(first.stderr).toMatch(
        name === 'rep-13'
          ? /rep-13\.csv: \[#{24}\] failed: Couldn't find the LinkedIn header row/
          : new RegExp(`${name}\\.csv: \\[#{24}\\] completed\\n`),
      );
    }
    const rows = first.stdout.split('\n');
    expect(rows[0]).toMatch(/^FILE\s+SOURCE\s+STATUS\s+IMPORTED\s+UPDATED\s+UNCHANGED\s+SKIPPED\s+DETAIL$/);
    expect(rows[1]).toMatch(/^rep-01\.csv\s+rep-01\s+completed\s+30\s+0\s+0\s+0$/);
    expect(rows[13]).toMatch(
      /^rep-13\.csv\s+rep-13\s+failed\s+0\s+0\s+0\s+0\s+Couldn't find the LinkedIn header row/,
    );
    expect(first.stdout).toContain('19 of 20 completed, 1 failed');

    const listSources = async () => {
      const response = await request.get(`/api/teams/${teamId}/sources`, { headers: bearer(token) });
      expect(response.status(), await response.text()).toBe(200);
      return (await response.json()) as WorkspaceSource[];
    };
    const sources = await listSources();
    // The broken export's source stays listed with its failure (docs/workspace-sources.md).
    expect(sources.map((s) => s.name)).toEqual(names);
    const complete = sources.filter((s) => s.latest?.status === 'completed');
    expect(complete.map((s) => s.name)).toEqual(names.filter((n) => n !== 'rep-13'));
    for (const source of complete) {
      expect(source.latest?.counts).toMatchObject({ rowsRead: 30, imported: 30, skipped: 0 });
      expect((await storedNetwork(source.ownerId)).connections).toHaveLength(30);
    }
    expect(sources.find((s) => s.name === 'rep-13')?.latest?.status).toBe('failed');
    const importsOf = async () =>
      Number(
        (
          await query<{ n: string }>(
            'SELECT count(*) AS n FROM imports.imports WHERE user_id = ANY($1::int[])',
            [sources.map((s) => s.ownerId)],
          )
        )[0]?.n,
      );
    expect(await importsOf()).toBe(20);

    const again = await runCli([...args, '--json'], env);
    expect(again.code).toBe(1);
    const summary = JSON.parse(again.stdout) as {
      files: { file: string; status: string; alreadyImported: boolean; imported: number | null }[];
    };
    expect(summary.files.every((f) => f.alreadyImported)).toBe(true);
    expect(summary.files.filter((f) => f.status === 'completed')).toHaveLength(19);
    const after = await listSources();
    expect(after.map((s) => [s.id, s.latest?.importId, s.latest?.counts?.imported])).toEqual(
      sources.map((s) => [s.id, s.latest?.importId, s.latest?.counts?.imported]),
    );
    expect(await importsOf()).toBe(20);
  });

  test('refuses a token without imports:write, and a usage error exits 2', async ({ request, baseURL }) => {
    await signUp(request);
    const token = await createToken(request, ['network:read'], 'read only');
    await writeFile(join(folder, 'ana.csv'), buildLinkedInCsv([buildExportRow()]));
    const refused = await runCli([join(folder, 'ana.csv')], {
      WARMPATH_URL: baseURL ?? '',
      WARMPATH_TOKEN: token.secret,
    });
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain(
      "This personal access token lacks the scope 'imports:write' that this route needs.",
    );
    const usage = await runCli([folder], { WARMPATH_URL: baseURL ?? '' });
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Set WARMPATH_TOKEN to a personal access token');
  });
});

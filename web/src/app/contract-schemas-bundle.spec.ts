import { build, type Plugin, type Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { markContractsPure, pureContractSchemas } from '../../vite/pure-contract-schemas';

/** The web app's folder: vitest runs in it. */
const WEB = process.cwd();

/** A module that uses what a page typically takes from the contracts: a constant and a form's schema. */
function entry(): Plugin {
  return {
    name: 'entry',
    enforce: 'pre',
    // The build asks for the entry as a path under the web app's folder.
    resolveId: (id) => (id.endsWith('contracts-entry') ? '\0entry' : null),
    load: (id) =>
      id === '\0entry' ? "export { SHARING_LEVELS, loginRequestSchema } from '@warmpath/contracts';" : null,
  };
}

/** The web app's bundle of that module, as its build makes it (zod left out). */
async function bundle(plugins: Plugin[]): Promise<string> {
  const output = (await build({
    root: WEB,
    configFile: false,
    logLevel: 'silent',
    resolve: { conditions: ['source'] },
    plugins: [...plugins, entry()],
    build: {
      write: false,
      minify: false,
      lib: { entry: 'contracts-entry', formats: ['es'], fileName: 'entry' },
      rollupOptions: { external: [/^zod/] },
    },
  })) as Rollup.RollupOutput[];
  return output[0].output.map((chunk) => ('code' in chunk ? chunk.code : '')).join('\n');
}

describe('the contracts in the web app (docs/performance.md "The workspace screen\'s startup")', () => {
  it('leaves out the schemas and contracts the app does not use, so startup does not build them', async () => {
    const marked = await bundle([pureContractSchemas()]);
    expect(marked).toContain('"counts"');
    expect(marked).toContain('loginRequestSchema');
    // Contracts of the services' bus, the OpenAPI document's checks, the import schemas: not used.
    expect(marked).not.toContain('auth.session.record');
    expect(marked).not.toContain('path parameters must be required');
    expect(marked).not.toContain('teams.invitation.create');

    // Without the marks the bundle holds them all, as it did (the test would notice nothing else).
    const unmarked = await bundle([]);
    expect(unmarked).toContain('path parameters must be required');
    expect(unmarked.length).toBeGreaterThan(marked.length * 5);
  }, 60_000);

  it('marks each top-level value pure and leaves the rest of a module as it was', () => {
    const source = [
      "import { z } from 'zod';",
      'export const nameSchema = z.string().min(1);',
      "const LEVELS = ['a', 'b'] as const;",
      'export const contracts = { get: define(nameSchema) };',
      'export function helper() { return 1; }',
      'export type Name = z.infer<typeof nameSchema>;',
    ].join('\n');
    expect(markContractsPure(source)).toBe(
      [
        "import { z } from 'zod';",
        'export const nameSchema = /*#__PURE__*/ (() => (z.string().min(1)))();',
        "const LEVELS = /*#__PURE__*/ (() => (['a', 'b'] as const))();",
        'export const contracts = /*#__PURE__*/ (() => ({ get: define(nameSchema) }))();',
        'export function helper() { return 1; }',
        'export type Name = z.infer<typeof nameSchema>;',
      ].join('\n'),
    );
  });

  it('leaves a module it cannot parse as it was', () => {
    expect(markContractsPure('export const = ;')).toBe('export const = ;');
  });
});

import { cruise, type IConfiguration, type ICruiseResult } from 'dependency-cruiser';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * The repository's import rules, run on small trees written for each test: each rule must catch
 * the import it forbids (and let the allowed one through), or lint would pass on a broken shape.
 */
const config = createRequire(import.meta.url)('../../../.dependency-cruiser.cjs') as IConfiguration;

const trees: string[] = [];
afterEach(() => trees.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** The rule names each import of `files` breaks, as "rule: from → to". */
async function violations(files: Record<string, string>): Promise<string[]> {
  const root = mkdtempSync(join(tmpdir(), 'dependency-rules-'));
  trees.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const result = await cruise(Object.keys(files), {
    baseDir: root,
    validate: true,
    ruleSet: { forbidden: config.forbidden },
    tsPreCompilationDeps: true,
  });
  const output = result.output as ICruiseResult;
  return output.summary.violations.map(({ rule, from, to }) => `${rule.name}: ${from} → ${to}`);
}

const exported = 'export const value = 1;\n';

describe('web layers', () => {
  it('lets the shell import features, features import lib and graph, lib import nothing above', async () => {
    expect(
      await violations({
        'web/src/main.tsx': "import { value } from './app/routes';\nexport const main = value;\n",
        'web/src/app/routes.ts':
          "import { value } from '../features/dashboard/dashboard-page';\nexport { value };\n",
        'web/src/features/dashboard/dashboard-page.ts':
          "import { value } from '../../lib/api/api';\nimport { engine } from '../../graph';\nexport { value, engine };\n",
        'web/src/lib/api/api.ts': exported,
        'web/src/graph/index.ts': 'export const engine = 1;\n',
      }),
    ).toEqual([]);
  });

  it('fails lib importing a feature', async () => {
    expect(
      await violations({
        'web/src/lib/toast/use-toast.ts':
          "import { value } from '../../features/auth/auth.api';\nexport { value };\n",
        'web/src/features/auth/auth.api.ts': exported,
      }),
    ).toEqual([
      'web-lib-stays-below-features: web/src/lib/toast/use-toast.ts → web/src/features/auth/auth.api.ts',
    ]);
  });

  it('fails a feature importing the shell', async () => {
    expect(
      await violations({
        'web/src/features/admin/admin-page.ts':
          "import { value } from '../../app/providers';\nexport { value };\n",
        'web/src/app/providers.ts': exported,
      }),
    ).toEqual(['web-app-is-the-shell: web/src/features/admin/admin-page.ts → web/src/app/providers.ts']);
  });

  it('fails the graph engine importing lib', async () => {
    expect(
      await violations({
        'web/src/graph/graph-engine.ts': "import { value } from '../lib/store/store';\nexport { value };\n",
        'web/src/lib/store/store.ts': exported,
      }),
    ).toEqual(['web-graph-stays-below-features: web/src/graph/graph-engine.ts → web/src/lib/store/store.ts']);
  });
});

describe('the graph engine knows nothing of the product', () => {
  const contracts = {
    'libs/contracts/src/index.ts': 'export interface Connection { id: string }\n',
  };

  it('lets the network feature import the product and the engine, and the engine its own model', async () => {
    expect(
      await violations({
        ...contracts,
        'web/src/graph/index.ts': "export type { GraphNode } from './model/graph-input';\n",
        'web/src/graph/model/graph-input.ts': 'export interface GraphNode { id: string }\n',
        'web/src/features/network/graph/graph-adapter.ts':
          "import type { Connection } from '../../../../../libs/contracts/src/index';\n" +
          "import type { GraphNode } from '../../../graph';\n" +
          'export const toNode = (person: Connection): GraphNode => ({ id: person.id });\n',
      }),
    ).toEqual([]);
  });

  it('fails the engine importing the API contracts, by package name or by path', async () => {
    expect(
      await violations({
        ...contracts,
        'web/src/graph/model/graph-model.ts':
          "import type { Connection } from '@warmpath/contracts';\nexport type Node = Connection;\n",
        'web/src/graph/tours/tour-steps.ts':
          "import type { Connection } from '../../../../libs/contracts/src/index';\nexport type Stop = Connection;\n",
      }),
    ).toEqual([
      'web-graph-knows-no-product: web/src/graph/model/graph-model.ts → @warmpath/contracts',
      'web-graph-knows-no-product: web/src/graph/tours/tour-steps.ts → libs/contracts/src/index.ts',
    ]);
  });

  it('fails the engine importing a feature (the adapter belongs to the feature)', async () => {
    expect(
      await violations({
        'web/src/graph/graph-engine.ts':
          "import { toGraphData } from '../features/network/graph/graph-adapter';\nexport { toGraphData };\n",
        'web/src/features/network/graph/graph-adapter.ts': 'export const toGraphData = 1;\n',
      }),
    ).toEqual([
      'web-graph-stays-below-features: web/src/graph/graph-engine.ts → web/src/features/network/graph/graph-adapter.ts',
    ]);
  });

  it('fails the graph lab importing the product', async () => {
    expect(
      await violations({
        ...contracts,
        'web/src/graph-lab/titles.ts':
          "import type { FunctionCategory } from '@warmpath/contracts';\nexport type Category = FunctionCategory;\n",
      }),
    ).toEqual(['web-graph-lab-uses-the-engine-only: web/src/graph-lab/titles.ts → @warmpath/contracts']);
  });
});

describe('features', () => {
  const network = {
    'web/src/features/network/index.ts': "export { value } from './network.api';\n",
    'web/src/features/network/network.api.ts': exported,
  };

  it("lets a feature import another through that feature's index.ts", async () => {
    expect(
      await violations({
        ...network,
        'web/src/features/filters/filters-sidebar.ts':
          "import { value } from '../network';\nexport { value };\n",
      }),
    ).toEqual([]);
  });

  it("fails a feature importing another feature's inner module", async () => {
    expect(
      await violations({
        ...network,
        'web/src/features/filters/filters-sidebar.ts':
          "import { value } from '../network/network.api';\nexport { value };\n",
      }),
    ).toEqual([
      'web-feature-through-its-index: web/src/features/filters/filters-sidebar.ts → web/src/features/network/network.api.ts',
    ]);
  });
});

describe('cycles', () => {
  it('fails two modules importing each other anywhere in the repository', async () => {
    const found = await violations({
      'services/teams/src/a.service.ts': "import { b } from './b.js';\nexport const a = () => b;\n",
      'services/teams/src/b.ts': "import { a } from './a.service.js';\nexport const b = () => a;\n",
    });
    expect(found).toContain('no-circular: services/teams/src/a.service.ts → services/teams/src/b.ts');
  });

  it('lets a cycle through type-only imports pass (erased at compile time)', async () => {
    expect(
      await violations({
        'services/auth/src/user.entity.ts':
          "import type { Identity } from './identity.entity.js';\nexport class User { identities: Identity[] = []; }\n",
        'services/auth/src/identity.entity.ts':
          "import type { User } from './user.entity.js';\nexport class Identity { user?: User; }\n",
      }),
    ).toEqual([]);
  });
});

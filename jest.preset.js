// Shared jest setup: ESM mode (Nest 12 is ESM-only), TypeScript through swc with decorator metadata.
// Workspace libs resolve to their sources, so unit tests never need a prior build.
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = dirname(fileURLToPath(import.meta.url));

export function jestProject(overrides = {}) {
  return {
    testEnvironment: 'node',
    extensionsToTreatAsEsm: ['.ts'],
    moduleNameMapper: {
      '^@warmpath/(contracts|domain|server-kit|testing)$': join(root, 'libs/$1/src/index.ts'),
      '^(\\.{1,2}/.*)\\.js$': '$1',
    },
    transform: {
      '^.+\\.ts$': [
        '@swc/jest',
        {
          jsc: {
            parser: { syntax: 'typescript', decorators: true },
            transform: { legacyDecorator: true, decoratorMetadata: true },
            target: 'es2022',
          },
          module: { type: 'es6' },
        },
      ],
    },
    ...overrides,
  };
}

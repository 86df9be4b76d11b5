// One lint config for the monorepo. Module boundaries (docs/architecture.md#where-pure-rules-live)
// are enforced through Nx tags: web uses contracts + domain only; a service uses contracts, domain
// and server-kit, never another service.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import nx from '@nx/eslint-plugin';
import checkFile from 'eslint-plugin-check-file';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import { existsSync, readdirSync } from 'node:fs';

const typedProjects = [
  ...readdirSync(new URL('services', import.meta.url)).map((name) => `services/${name}`),
  'libs/server-kit',
]
  .map((dir) => ({ dir, tsconfig: 'tsconfig.spec.json' }))
  .filter(({ dir, tsconfig }) => existsSync(new URL(`${dir}/${tsconfig}`, import.meta.url)))
  .concat({ dir: 'web', tsconfig: 'tsconfig.json' });

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.nx/**',
      '**/.data/**',
      '**/coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { '@nx': nx },
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:server-lib', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:test-lib', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:lib'] },
            {
              sourceTag: 'type:service',
              onlyDependOnLibsWithTags: ['type:lib', 'type:server-lib', 'type:test-lib'],
            },
            { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:lib', 'type:test-lib'] },
            { sourceTag: 'type:bench', onlyDependOnLibsWithTags: ['type:lib', 'type:test-lib'] },
            // infra's checks migrate a database as the services do (libs/server-kit).
            {
              sourceTag: 'type:infra',
              onlyDependOnLibsWithTags: ['type:lib', 'type:server-lib', 'type:test-lib'],
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
    },
  },
  {
    // Nest resolves providers by their runtime class: a type-only import would erase the injection token.
    files: ['services/**/*.ts', 'libs/server-kit/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  // A promise nobody awaits is an unhandled rejection, which ends a Node process (and hides a failed
  // navigation or request in the browser): server and web code are linted with type information
  // for exactly these rules (the rest of the config stays syntactic).
  // One block per project, so each file is checked against its own project's program only.
  ...typedProjects.map(({ dir, tsconfig }) => ({
    files: [`${dir}/{src,test}/**/*.{ts,tsx}`],
    languageOptions: {
      parserOptions: { project: `${dir}/${tsconfig}`, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  })),
  {
    files: ['libs/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'error' },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        // Migrations start with their timestamp (TypeORM orders them by it).
        { '**/migrations/!(index).ts': '+([0-9])-+([a-z0-9-])', '**/!(migrations)/*.{ts,tsx}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '**/src/**/': 'KEBAB_CASE' }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.worker } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  prettier,
);

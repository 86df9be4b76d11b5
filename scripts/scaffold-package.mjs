// Writes the build/test configuration of one Node package (a lib or a service) so every
// package is configured the same way. Usage: node scripts/scaffold-package.mjs <dir> <tags> [deps...]
import { writeFileSync, existsSync } from 'node:fs';
import { join, relative, basename } from 'node:path';

const [dir, tags, ...deps] = process.argv.slice(2);
const up = relative(dir, '.') || '.';
const write = (file, data) => {
  const path = join(dir, file);
  if (!existsSync(path))
    writeFileSync(path, typeof data === 'string' ? data : JSON.stringify(data, null, 2) + '\n');
};

write('tsconfig.json', {
  extends: `${up}/tsconfig.base.json`,
  compilerOptions: { rootDir: 'src', outDir: 'dist', tsBuildInfoFile: 'dist/tsconfig.tsbuildinfo' },
  include: ['src'],
  exclude: ['src/**/*.spec.ts'],
  references: deps.map((d) => ({ path: `${up}/libs/${d}` })),
});
write('tsconfig.spec.json', {
  extends: './tsconfig.json',
  compilerOptions: { composite: false, noEmit: true, rootDir: '.', tsBuildInfoFile: null },
  include: ['src', 'test'],
  exclude: [],
});
write(
  'jest.config.js',
  `import { jestProject } from '${up}/jest.preset.js';\n\nexport default jestProject({ roots: ['<rootDir>/src'] });\n`,
);
const hasIntegration = tags.includes('type:service') || basename(dir) === 'server-kit';
if (hasIntegration) {
  write(
    'jest.integration.config.js',
    `import { jestProject } from '${up}/jest.preset.js';\n\nexport default jestProject({ roots: ['<rootDir>'], testMatch: ['<rootDir>/test/integration/**/*.integration-spec.ts'], testTimeout: 30000 });\n`,
  );
}
const jest = (config, kind) =>
  `node --experimental-vm-modules ${up}/node_modules/jest/bin/jest.js -c ${config} --passWithNoTests --json --outputFile=${up}/.test-results/${basename(dir)}-${kind}.json`;
const targets = {
  build: { command: 'tsc -b tsconfig.json', options: { cwd: '{projectRoot}' } },
  typecheck: { command: 'tsc -p tsconfig.spec.json', options: { cwd: '{projectRoot}' } },
  lint: { command: 'eslint --max-warnings 0 .', options: { cwd: '{projectRoot}' } },
  test: {
    command: jest('jest.config.js', 'unit'),
    options: { cwd: '{projectRoot}' },
    outputs: [`{workspaceRoot}/.test-results/${basename(dir)}-unit.json`],
  },
};
if (hasIntegration) {
  targets.integration = {
    command: jest('jest.integration.config.js', 'integration') + ' --runInBand',
    options: { cwd: '{projectRoot}' },
  };
}
write('project.json', {
  name: basename(dir),
  $schema: `${up}/node_modules/nx/schemas/project-schema.json`,
  tags: tags.split(','),
  targets,
});

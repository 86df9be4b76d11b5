import { jestProject } from '../jest.preset.js';

// Checks on the real Postgres (docs/operations.md "Upgrading without downtime").
export default jestProject({
  roots: ['<rootDir>/test'],
  testMatch: ['<rootDir>/test/integration/**/*.integration-spec.ts'],
  testTimeout: 60000,
});

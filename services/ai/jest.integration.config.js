import { jestProject } from '../../jest.preset.js';

export default jestProject({
  roots: ['<rootDir>'],
  testMatch: ['<rootDir>/test/integration/**/*.integration-spec.ts'],
  testTimeout: 30000,
});

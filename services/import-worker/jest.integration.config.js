import { jestProject } from '../../jest.preset.js';

export default jestProject({ roots: ['<rootDir>/test/integration'], testMatch: ['**/*.integration-spec.ts'], testTimeout: 30000 });

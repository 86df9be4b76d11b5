import { jestProject } from '../../jest.preset.js';

export default jestProject({ roots: ['<rootDir>/test/integration'], testTimeout: 30000 });

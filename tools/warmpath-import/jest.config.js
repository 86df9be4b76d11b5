import { jestProject } from '../../jest.preset.js';

export default jestProject({ roots: ['<rootDir>/src'] });

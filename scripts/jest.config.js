// Unit tests of the developer scripts: plain ESM, nothing to transform.
export default { testEnvironment: 'node', testMatch: ['<rootDir>/**/*.spec.mjs'], transform: {} };

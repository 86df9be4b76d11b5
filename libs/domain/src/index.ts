// Pure product rules shared by the web app and the services. No I/O, no framework.
export * from './position/seniority-score.js';
export * from './position/function-category.js';
export * from './company/company-key.js';
export * from './company/group-by-company.js';
export * from './company/company-links.js';
export { compareIds } from './text/compare-ids.js';
export * from './import/import-file-error.js';
export * from './import/detect-file-encoding.js';
export * from './import/utf8-validator.js';
export * from './import/find-header-row.js';
export * from './import/connected-on.js';
export * from './import/normalise-profile-url.js';
export * from './import/normalise-connection-row.js';

// Target lists (docs/targets.md): folding, domains, suggestions, columns, rows, files, matching.
export * from './target-company-key.js';
export * from './target-domain.js';
export * from './company-suggestions.js';
export * from './target-columns.js';
export * from './target-file-error.js';
export * from './parse-targets.js';
export * from './csv-text.js';
export * from './zip-entries.js';
export * from './xlsx-sheet.js';
export * from './read-target-file.js';
export * from './target-people-index.js';
export * from './target-connectors.js';
export * from './match-targets.js';
export * from './target-suggestions.js';
export * from './target-results-csv.js';
export * from './target-totals.js';
export * from './target-seen.js';

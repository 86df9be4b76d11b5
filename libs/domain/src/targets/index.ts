// Target lists (docs/targets.md): folding, domains, suggestions, columns, rows, files, matching.
export * from './target-company-key.js';
export * from './target-domain.js';
export * from './company-suggestions.js';

// Target lists (docs/targets.md): routes under /api/teams/{id}/target-lists (the team's) and
// /api/target-lists (your own): GET list, POST (multipart file or pasted text), GET /{listId}
// results, PUT /{listId} rename, PUT /{listId}/corrections, DELETE /{listId}/corrections/{line},
// GET /{listId}/export.csv, DELETE /{listId}.
export * from './target-columns.schema.js';
export * from './target-row.schema.js';
export * from './target-match.schema.js';
export * from './target-list.schema.js';
export * from './target-upload-error.schema.js';
export * from './target-lists.contract.js';

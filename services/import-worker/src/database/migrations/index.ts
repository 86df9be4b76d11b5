import { CreateImports1763900000001 } from './1763900000001-create-imports.js';

// Migrations of the imports schema, in order. Never edit one that has shipped: add a new one.
export const migrations = [CreateImports1763900000001];

import { CreateImports1763900000001 } from './1763900000001-create-imports.js';
import { ImportWarnings1764000000001 } from './1764000000001-import-warnings.js';
import { ImportChangeCounts1764000000002 } from './1764000000002-import-change-counts.js';
import { ImportSignals1764200000001 } from './1764200000001-import-signals.js';

// Migrations of the imports schema, in order. Never edit one that has shipped: add a new one.
export const migrations = [
  CreateImports1763900000001,
  ImportWarnings1764000000001,
  ImportChangeCounts1764000000002,
  ImportSignals1764200000001,
];

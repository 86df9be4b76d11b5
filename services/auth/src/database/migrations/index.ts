import { CreateUsers1763800000000 } from './1763800000000-create-users.js';
import { CreateAccessTokens1764000000000 } from './1764000000000-create-access-tokens.js';
import { CreateSessions1764100000000 } from './1764100000000-create-sessions.js';

// Migrations of the auth schema, in order. Never edit one that has shipped: add a new one.
export const migrations = [
  CreateUsers1763800000000,
  CreateAccessTokens1764000000000,
  CreateSessions1764100000000,
];

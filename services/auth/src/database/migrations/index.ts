import { CreateUsers1763800000000 } from './1763800000000-create-users.js';

// Migrations of the auth schema, in order. Never edit one that has shipped: add a new one.
export const migrations = [CreateUsers1763800000000];

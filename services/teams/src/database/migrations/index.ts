import { CreateTeams1764000000000 } from './1764000000000-create-teams.js';
import { WorkspaceSources1764100000000 } from './1764100000000-workspace-sources.js';
import { IntrosAndMailOutbox1764300000000 } from './1764300000000-intros-and-mail-outbox.js';

// Migrations of the teams schema, in order. Never edit one that has shipped: add a new one.
export const migrations = [
  CreateTeams1764000000000,
  WorkspaceSources1764100000000,
  IntrosAndMailOutbox1764300000000,
];

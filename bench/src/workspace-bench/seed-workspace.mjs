// The benchmark workspace (docs/workspace-network.md): members who share one workspace, each with a
// network sampled from one universe of people, so they overlap as colleagues' networks do.
import { seedNetwork } from '../api-bench/seed.mjs';
import { registerUser } from '../stack.mjs';
import { createWorkspace } from './http.mjs';
import { sampleOf } from './people.mjs';

/** Member `index` of `members` knows 30,000 down to 10,000 people. */
export const memberSize = (index, members) =>
  Math.round(30_000 - (20_000 * index) / Math.max(1, members - 1));

/**
 * Registers `members` users through the API, the first creates the workspace and the others join
 * it, and seeds each member's network with memberSize people of `universe` (generateExportRows).
 * Answers { members, owner, teamId, networks (each member's people), records }.
 */
export async function seedWorkspace({ baseUrl, databaseUrl, members: count, universe }) {
  const members = [];
  for (let i = 0; i < count; i++) members.push(await registerUser(baseUrl, `m${i}`));
  const [owner, ...others] = members;
  const teamId = await createWorkspace(baseUrl, owner, others);
  const networks = [];
  for (const [index, member] of members.entries()) {
    const people = sampleOf(universe, memberSize(index, count), 100 + index);
    await seedNetwork(databaseUrl, member.userId, people);
    networks.push(people);
  }
  const records = networks.reduce((sum, people) => sum + people.length, 0);
  return { members, owner, teamId, networks, records };
}

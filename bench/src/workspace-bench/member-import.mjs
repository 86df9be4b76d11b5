// A member's import that adds people to their network and changes nothing else: the rows and the
// version bump the import pipeline writes (api-bench/seed.mjs), then the network.import.completed
// event it publishes, on which the network service refreshes the workspaces' snapshots
// (docs/workspace-network.md). A CSV through the API cannot do this: an export is a member's whole
// network, so a 200-row file flags everyone else they know as absent (docs/import.md).
import { networkImportContracts } from '@warmpath/contracts';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { seedNetwork } from '../api-bench/seed.mjs';

/**
 * Adds `count` new people, first name `New<tag>`, to `member`'s network and tells the services as
 * the import pipeline does. `stackEnv`: startBenchStack's env (database, NATS and its prefix).
 * `company`: where they work (default a company of their own, `Hooli <tag>`).
 */
export async function addPeople(stackEnv, member, count, tag, { company = `Hooli ${tag}` } = {}) {
  const people = Array.from({ length: count }, (_, i) => ({
    firstName: `New${tag}`,
    lastName: `Person${i}`,
    // A company new to the member: their company link counts get a new row, not a conflict.
    company,
    position: 'Engineer',
    email: null,
    linkedinUrl: `https://www.linkedin.com/in/new-${tag}-${i}`,
    connectedOn: '2023-11-24',
    hasWorkedWith: false,
  }));
  await seedNetwork(stackEnv.DATABASE_URL, member.userId, people);
  const version = await networkVersion(stackEnv.DATABASE_URL, member.userId);
  const { connect } = await import('@nats-io/transport-node');
  const nc = await connect({ servers: stackEnv.NATS_URL });
  try {
    const contract = networkImportContracts.importCompleted;
    const payload = contract.payload.parse({
      importId: randomUUID(),
      userId: member.userId,
      version,
      inserted: count,
      updated: 0,
      relationships: 0,
    });
    nc.publish(`${stackEnv.NATS_PREFIX}.${contract.subject}`, JSON.stringify(payload));
    await nc.flush();
  } finally {
    await nc.close();
  }
}

async function networkVersion(databaseUrl, userId) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      'SELECT version::text AS version FROM network.network_versions WHERE owner_user_id = $1',
      [userId],
    );
    return rows[0].version;
  } finally {
    await client.end();
  }
}

// Test data for the benchmarks: networks written into the database the way the import pipeline
// leaves them (rows with the libs/domain rules, generated company links,
// a bumped network version).
import { companyKey, generateCompanyLinks, positionInfo } from '@warmpath/domain';
import pg from 'pg';

const TITLES = [
  'Software Engineer',
  'Senior Software Engineer',
  'Product Manager',
  'Account Executive',
  'Director of Sales',
  'Data Scientist',
  'Technical Recruiter',
  'Engineering Manager',
  'VP Marketing',
  'Customer Success Manager',
  'Financial Analyst',
  'Founder',
  'UX Designer',
  'Office Manager',
  'Legal Counsel',
];

/** A realistic-looking network: companies of very different sizes (a few big employers, a long tail). */
export function makePeople(count, seed = 1) {
  let state = seed;
  const random = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  const companies = Math.max(10, Math.round(count / 6));
  return Array.from({ length: count }, (_, i) => {
    const company = Math.floor(companies * random() ** 2.5);
    const year = 2008 + Math.floor(random() * 18);
    return {
      firstName: `First${i}`,
      lastName: `Last${i}`,
      company: random() < 0.05 ? null : `Company ${company}`,
      position: TITLES[Math.floor(random() * TITLES.length)],
      email: random() < 0.3 ? `person${i}@example.org` : null,
      linkedinUrl: `https://www.linkedin.com/in/person-${seed}-${i}`,
      connectedOn: `${year}-0${1 + Math.floor(random() * 9)}-1${Math.floor(random() * 9)}`,
      hasWorkedWith: random() < 0.05,
    };
  });
}

/** Writes people and their generated company links for a user; answers the stored ids. */
export async function seedNetwork(databaseUrl, userId, people) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    const info = people.map((p) => positionInfo(p.position));
    const col = (pick) => people.map(pick);
    const { rows } = await client.query(
      `INSERT INTO network.connections (owner_user_id, match_key, first_name, last_name, email, linkedin_url, company,
         company_key, position, connected_on, category, seniority, has_worked_with)
       SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
         $9::text[], $10::date[], $11::text[], $12::int[], $13::boolean[])
       RETURNING id::text AS id`,
      [
        userId,
        col((p) => `url:${p.linkedinUrl}`),
        col((p) => p.firstName),
        col((p) => p.lastName),
        col((p) => p.email),
        col((p) => p.linkedinUrl),
        col((p) => p.company),
        col((p) => companyKey(p.company)),
        col((p) => p.position),
        col((p) => p.connectedOn),
        info.map((i) => i.category),
        info.map((i) => i.seniority),
        col((p) => p.hasWorkedWith),
      ],
    );
    const ids = rows.map((r) => r.id).sort((a, b) => Number(a) - Number(b));
    // Company links are derived when the network is read; imports keep their count per company.
    const counts = new Map();
    for (const link of generateCompanyLinks(
      people.map((p, i) => ({ id: ids[i], company: p.company, position: p.position })),
    )) {
      const key = companyKey(link.company);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    await client.query(
      `INSERT INTO network.company_link_counts (owner_user_id, company_key, links)
       SELECT $1, * FROM unnest($2::text[], $3::int[])`,
      [userId, [...counts.keys()], [...counts.values()]],
    );
    await client.query(
      `INSERT INTO network.network_versions AS v (owner_user_id, version) VALUES ($1, 1)
       ON CONFLICT (owner_user_id) DO UPDATE SET version = v.version + 1`,
      [userId],
    );
    await client.query('COMMIT');
    return { ids, relationships: [...counts.values()].reduce((sum, n) => sum + n, 0) };
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    await client.end();
  }
}

/**
 * Archive signals (docs/warmth.md) for a share of a seeded network's people, written as an
 * archive import leaves them: counts and dates only. Benches of the read side seed them so
 * GET /api/network and paths are measured with the strength model at work.
 */
export async function seedSignals(databaseUrl, userId, ids, { share = 0.3, seed = 7 } = {}) {
  let state = seed;
  const random = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  const day = (daysAgo) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const rows = ids
    .filter(() => random() < share)
    .map((id) => {
      const sent = Math.floor(random() ** 3 * 200);
      const received = Math.floor(sent * random());
      const last = Math.floor(random() * 1500);
      return {
        id,
        sent,
        received,
        direct: sent + received > 0 ? 1 + Math.floor(random() * 3) : 0,
        first: sent + received > 0 ? day(last + Math.floor(random() * 1500)) : null,
        last: sent + received > 0 ? day(last) : null,
        invitedBy: random() < 0.5 ? 'member' : 'person',
        endorsements: Math.floor(random() * 3),
      };
    });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const col = (pick) => rows.map(pick);
    await client.query(
      `INSERT INTO network.connection_signals (owner_user_id, import_id, connection_id, messages_sent,
         messages_received, direct_conversations, first_message_on, last_message_on, last_message_answered,
         invited_by, endorsements_received)
       SELECT $1, gen_random_uuid(), id, sent, received, direct, first_on, last_on, sent > 0 AND received > 0,
         invited_by, endorsements
       FROM unnest($2::bigint[], $3::int[], $4::int[], $5::int[], $6::date[], $7::date[], $8::text[], $9::int[])
         AS x(id, sent, received, direct, first_on, last_on, invited_by, endorsements)`,
      [
        userId,
        col((r) => r.id),
        col((r) => r.sent),
        col((r) => r.received),
        col((r) => r.direct),
        col((r) => r.first),
        col((r) => r.last),
        col((r) => r.invitedBy),
        col((r) => r.endorsements),
      ],
    );
    await client.query(`UPDATE network.network_versions SET version = version + 1 WHERE owner_user_id = $1`, [
      userId,
    ]);
    return rows.length;
  } finally {
    await client.end();
  }
}

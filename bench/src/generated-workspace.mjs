// The generated workspace of the pure pooling benches (bench:pooling, bench:pool-transfer,
// bench:reader-cost, bench:base-patch): members who know people of one universe, companies of
// falling sizes, the same data on every run (docs/workspace-network.md).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { seededRandom } from '@warmpath/testing';

/** `--name=value` of the command line as a number, else `fallback`. */
export const option = (name, fallback) =>
  Number(process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);

/** bench:scale's member sizes: 1.5× down to 0.5× the mean, each person known by two on average. */
export const scaleSizes = (members, pooled) =>
  Array.from({ length: members }, (_, i) =>
    Math.round(((2 * pooled) / members) * (1.5 - i / Math.max(1, members - 1))),
  );

/** The universe from which members of `sizes` pool `pooled` distinct people, on average. */
export function universeFor(sizes, pooled) {
  const distinct = (u) => u * (1 - sizes.reduce((left, size) => left * (1 - Math.min(size, 0.9 * u) / u), 1));
  let low = pooled;
  let high = pooled * 4;
  for (let i = 0; i < 40; i++) {
    const middle = (low + high) / 2;
    if (distinct(middle) < pooled) low = middle;
    else high = middle;
  }
  return Math.round(high);
}

/**
 * Members (userId 1..n) knowing `sizes[i]` people each of a universe of `universe`, at
 * `companies` companies of falling sizes (a few big employers, many small ones); each member's
 * record of someone is now and then at another company (older or newer). `sharing` cycles over
 * the members; `notes` is the share of records with notes (none drawn when undefined).
 */
export function generatedWorkspace({
  sizes,
  universe: universeSize,
  companies,
  sharing,
  positions,
  notes,
  connectedOn = null,
}) {
  // The same workspace on every run.
  const random = seededRandom(42);
  const companyOf = () => `Company ${Math.floor(companies * random() ** 2)}`;
  const universe = Array.from({ length: universeSize }, (_, index) => ({
    firstName: `First${index}`,
    lastName: `Last${index % 997}`,
    company: companyOf(),
    position: positions[index % positions.length],
    linkedinUrl: random() < 0.85 ? `https://www.linkedin.com/in/person-${index}` : null,
  }));
  let id = 1;
  return sizes.map((size, member) => {
    const userId = member + 1;
    const picked = new Set();
    while (picked.size < Math.min(size, universe.length)) picked.add(Math.floor(random() * universe.length));
    const people = [...picked].map((index) => ({
      ...universe[index],
      company: random() < 0.05 ? companyOf() : universe[index].company,
      id: String(id++),
      userId,
      email: random() < 0.5 ? `p${index}@example.com` : null,
      avatarUrl: null,
      notes: notes === undefined ? null : random() < notes ? 'notes' : null,
      industry: null,
      location: null,
      connectionDegree: 1,
      yearsConnected: Math.floor(random() * 10),
      connectedOn,
      createdAt: '2026-01-01T00:00:00.000Z',
      isUser: false,
      isTeammate: false,
      hasWorkedWith: random() < 0.1,
      type: 'connection',
      positionInfo: { category: 'other', seniority: 0 },
      knownBy: [userId],
    }));
    const node = { ...people[0], id: `u${userId}`, firstName: `Member${userId}`, isUser: true, knownBy: [] };
    return { node, sharing: sharing[member % sharing.length], people };
  });
}

/** The same workspace after member 2 imported 200 more (their network reloaded: new objects). */
export function afterImport(members) {
  let id = 10_000_000;
  return members.map((member) => {
    if (member.node.userId !== 2) return member;
    const more = member.people.slice(0, 200).map((person, index) => ({
      ...person,
      id: String(id++),
      firstName: `New${index}`,
      linkedinUrl: `https://www.linkedin.com/in/new-${index}`,
    }));
    return { ...member, people: [...member.people.map((person) => ({ ...person })), ...more] };
  });
}

/**
 * bench:scale's workspace of `members` members and `pooled` pooled people, generated once and
 * kept in the OS temp directory (v8.serialize, ~450 MB at 200 × 500,000), one file per option
 * set: generating the biggest takes about a minute. `fresh` makes it again.
 */
export function cachedScaleWorkspace({ members, pooled, companies, fresh = false }) {
  const file = join(tmpdir(), `warmpath-pool-cold-${members}x${pooled}x${companies}.v8`);
  if (!fresh && existsSync(file)) return deserialize(readFileSync(file));
  const sizes = scaleSizes(members, pooled);
  const workspace = generatedWorkspace({
    sizes,
    universe: universeFor(sizes, pooled),
    companies,
    sharing: ['names'],
    positions: ['Software Engineer', 'Product Manager', 'CEO'],
    connectedOn: '2020-01-01',
  });
  writeFileSync(file, serialize(workspace));
  return workspace;
}

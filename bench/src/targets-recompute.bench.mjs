// npm run bench:targets-recompute (after `npx nx run-many -t build -p domain contracts testing`):
// the target lists' own side of the recompute after a member's import (docs/targets.md "Recompute
// after an import: what the last version is worth"), in one process, no stack: on bench:scale's
// workspace (10 members, 100,000 pooled people; --companies=20000), 10 lists (five of 1,000
// targets, five of 5,000: half companies, a quarter profile URLs, a quarter names at companies)
// matched for the owner at a version, then member 2 imports 200 people (their network reloaded:
// new objects) and the new version is built from the last (not timed). Timed, CPU: the version's
// shared index, the owner's view and the 10 lists matched, ranked and their coverage, with the
// last version's carry (what the service does) and without (every index and block anew).
// Median of --runs (5), min-max.
import { loadavg } from 'node:os';
import {
  poolWorkspace,
  rankTargetResults,
  matchTargetsWithIndex,
  readerTargetIndex,
  targetSeenSnapshot,
} from '@warmpath/domain';
import { afterImport, generatedWorkspace, option, scaleSizes, universeFor } from './generated-workspace.mjs';

const RUNS = option('runs', 5);
const COMPANIES = option('companies', 20_000);
const sizes = scaleSizes(10, 100_000);
const members = generatedWorkspace({
  sizes,
  universe: universeFor(sizes, 100_000),
  companies: COMPANIES,
  sharing: ['names', 'profiles', 'emails', 'counts'],
  positions: ['Software Engineer', 'Product Manager', 'Sales Director', 'Recruiter', 'CEO', 'Designer'],
  connectedOn: '2020-01-01',
});
const people = members.flatMap((member) => member.people);
let seed = 7;
const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const lists = Array.from({ length: 10 }, (_, l) =>
  Array.from({ length: l % 2 ? 5000 : 1000 }, (_, i) => {
    const person = people[Math.floor(random() * people.length)];
    const line = i + 2;
    if (i % 4 < 2)
      return {
        kind: 'company',
        line,
        name: random() < 0.8 ? person.company : `Nowhere ${i}`,
        domain: null,
        linkedinUrl: null,
      };
    if (i % 4 === 2)
      return {
        kind: 'person',
        line,
        profileUrl: person.linkedinUrl ?? `https://www.linkedin.com/in/nobody-${i}`,
        firstName: null,
        lastName: null,
        company: null,
      };
    return {
      kind: 'person',
      line,
      profileUrl: null,
      firstName: person.firstName,
      lastName: person.lastName,
      company: person.company,
    };
  }),
);

const OWNER = 1;
function recompute(pool, carry) {
  const index = readerTargetIndex(pool, OWNER, carry);
  let covered = 0;
  for (const targets of lists) {
    const rows = rankTargetResults(
      matchTargetsWithIndex(targets, index, {
        suggestions: 0,
        blocks: index.blocks,
        ties: index.ties,
        hidden: index.hidden,
      }),
    );
    covered += Object.keys(targetSeenSnapshot(rows)).length;
  }
  return { covered, carry: index.shared.carry };
}

const cpuMs = (from) => {
  const used = process.cpuUsage(from);
  return (used.user + used.system) / 1000;
};
const spread = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `${sorted[Math.floor(sorted.length / 2)].toFixed(0)} ms (${sorted[0].toFixed(0)}–${sorted.at(-1).toFixed(0)})`;
};

const first = poolWorkspace(members);
const warm = recompute(first);
console.log(
  `version 1: ${first.persons.length} pooled people, ${warm.covered} targets covered over 10 lists`,
);
const imported = afterImport(members);
const results = { carried: [], anew: [] };
for (let run = 0; run < RUNS; run++)
  for (const [label, carry] of [
    ['carried', warm.carry],
    ['anew', undefined],
  ]) {
    const second = poolWorkspace(imported, first);
    global.gc?.();
    const from = process.cpuUsage();
    const { covered } = recompute(second, carry);
    results[label].push(cpuMs(from));
    if (run === 0) console.log(`  ${label}: ${covered} targets covered`);
  }
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
console.log(
  `recompute of 10 lists after an import, with the last version's carry: ${spread(results.carried)}`,
);
console.log(`recompute of 10 lists after an import, everything anew:              ${spread(results.anew)}`);

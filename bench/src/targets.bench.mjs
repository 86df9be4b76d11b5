// `npm run bench:targets` (after npm run build): the target-list core (docs/targets.md), pure
// functions on generated data, no stack. Prints numbers; asserts nothing.
//
// BENCH_PEOPLE people (100,000) at BENCH_COMPANIES companies (20,000), each known by one of seven
// members; target lists of 1,000 and 5,000 rows, half companies (name and domain, one in five unknown), a
// quarter people by profile URL, a quarter people by name at their company. Measures
// (median of BENCH_RUNS runs, wall and this process's CPU): indexing the people, matching each
// list (index reused, and index built in the call), building the company suggester and answering
// 1,000 suggestions, reading a 5,000-row CSV and .xlsx file into targets, and the recompute after
// a member's import for all of a workspace's BENCH_LISTS lists (10: half of 1,000 targets, half of
// 5,000): a new network version rebuilds the index and suggester, then every list is matched,
// ranked, totalled and compared with its reader's snapshot (docs/targets.md#new-ways-in), as for
// the list index; then the suggestions a read of one list's first page adds.
import { cpus, loadavg } from 'node:os';
import {
  CompanySuggester,
  countNewWaysIn,
  matchTargets,
  matchTargetsWithIndex,
  rankTargetResults,
  readTargetFile,
  summariseTargetResults,
  TargetBlocks,
  TargetPeopleIndex,
  targetSeenSnapshot,
  withSuggestions,
} from '@warmpath/domain';
import { TARGET_RESULTS_PAGE_MAX } from '@warmpath/contracts';
import { buildZip } from '@warmpath/testing';
import { companyName } from './workspace-bench/target-companies.mjs';

const env = (name, fallback) => Number(process.env[name] ?? fallback);
const PEOPLE = env('BENCH_PEOPLE', 100_000);
const COMPANIES = env('BENCH_COMPANIES', 20_000);
const RUNS = env('BENCH_RUNS', 3);
const TITLES = [
  'Software Engineer',
  'VP Sales',
  'Chief Financial Officer',
  'Director of Marketing',
  'Account Executive',
];

const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};
function measure(name, run) {
  const walls = [];
  const cpu = [];
  let result;
  for (let i = 0; i < RUNS; i++) {
    const [w, c] = [performance.now(), cpuMs()];
    result = run();
    walls.push(performance.now() - w);
    cpu.push(cpuMs() - c);
  }
  const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  console.log(
    `${name.padEnd(46)} ${median(walls).toFixed(0).padStart(6)} ms wall ${median(cpu).toFixed(0).padStart(6)} ms cpu`,
  );
  return result;
}
async function measureAsync(name, run) {
  const [w, c] = [performance.now(), cpuMs()];
  const result = await run();
  console.log(
    `${name.padEnd(46)} ${(performance.now() - w).toFixed(0).padStart(6)} ms wall ${(cpuMs() - c).toFixed(0).padStart(6)} ms cpu`,
  );
  return result;
}

const people = Array.from({ length: PEOPLE }, (_, i) => {
  const c = i % COMPANIES;
  const position = TITLES[i % TITLES.length];
  return {
    id: String(i),
    userId: 1,
    firstName: `First${i}`,
    lastName: `Last${i}`,
    company: companyName(c),
    position,
    email: i % 4 === 0 ? `p${i}@gmail.com` : `p${i}@northwind${c}.com`,
    linkedinUrl: `https://www.linkedin.com/in/person-${i}`,
    connectionDegree: 2,
    yearsConnected: i % 12,
    isUser: false,
    isTeammate: false,
    hasWorkedWith: i % 9 === 0,
    positionInfo: { category: 'other', seniority: 3 + (i % 7) },
    knownBy: [1 + (i % 7)],
  };
});
const targetsOf = (count) =>
  Array.from({ length: count }, (_, i) => {
    const n = (i * 7919) % PEOPLE;
    const c = i % 10 === 8 ? COMPANIES + i : n % COMPANIES;
    const line = i + 2;
    if (i % 2 === 0)
      return {
        kind: 'company',
        line,
        name: `The ${companyName(c)}`,
        domain: `northwind${c}.com`,
        linkedinUrl: null,
      };
    if (i % 4 === 1)
      return {
        kind: 'person',
        line,
        profileUrl: `https://www.linkedin.com/in/person-${n}`,
        firstName: null,
        lastName: null,
        company: null,
      };
    return {
      kind: 'person',
      line,
      profileUrl: null,
      firstName: `first${n}`,
      lastName: `LAST${n}`,
      company: companyName(n % COMPANIES),
    };
  });

console.log(
  `${cpus().length} CPUs, load ${loadavg()[0].toFixed(1)}; ${PEOPLE.toLocaleString('en')} people at ${COMPANIES.toLocaleString('en')} companies; median of ${RUNS}`,
);
const index = measure(`index ${PEOPLE.toLocaleString('en')} people`, () => new TargetPeopleIndex(people));
for (const size of [1000, 5000]) {
  const targets = targetsOf(size);
  const rows = measure(`match ${size.toLocaleString('en')} targets (index reused)`, () =>
    matchTargets(targets, index, { suggestions: 0 }),
  );
  measure(`match ${size.toLocaleString('en')} targets (index built in the call)`, () =>
    matchTargets(targets, people, { suggestions: 0 }),
  );
  console.log(`  covered ${rows.filter((row) => row.covered).length} of ${size}`);
}
const suggester = measure(
  `suggester over ${COMPANIES.toLocaleString('en')} companies`,
  () => new CompanySuggester([...index.companyNames.values()].map((name) => ({ name }))),
);
measure('1,000 suggestions', () => {
  for (let i = 0; i < 1000; i++) suggester.suggest(`${companyName(i * 13).slice(0, -2)} Grp`, 5);
});

const csvRows = ['Account Name,Website,First Name,Last Name,LinkedIn URL'];
for (let i = 0; i < 5000; i++)
  csvRows.push(
    i % 2
      ? `"${companyName(i)}",https://www.northwind${i}.com/about,,,`
      : `,,Ana,Lopez ${i},https://www.linkedin.com/in/ana-${i}`,
  );
const csv = new TextEncoder().encode(csvRows.join('\r\n'));
const csvSheet = await measureAsync(`read a 5,000-row CSV (${(csv.length / 1024).toFixed(0)} kB)`, () =>
  readTargetFile(csv),
);
const strings = csvRows.flatMap((row) => row.replaceAll('"', '').split(',')).filter(Boolean);
const unique = [...new Set(strings)];
const at = new Map(unique.map((s, i) => [s, i]));
const escapeXml = (s) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
const sheetXml = csvRows
  .map(
    (row, r) =>
      `<row r="${r + 1}">${row
        .replaceAll('"', '')
        .split(',')
        .map((cell, c) => (cell ? `<c r="${'ABCDE'[c]}${r + 1}" t="s"><v>${at.get(cell)}</v></c>` : ''))
        .join('')}</row>`,
  )
  .join('');
const xlsx = buildZip([
  {
    name: 'xl/workbook.xml',
    data: '<workbook><sheets><sheet name="T" sheetId="1" r:id="rId1"/></sheets></workbook>',
  },
  {
    name: 'xl/_rels/workbook.xml.rels',
    data: '<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>',
  },
  {
    name: 'xl/sharedStrings.xml',
    data: `<sst>${unique.map((s) => `<si><t>${escapeXml(s)}</t></si>`).join('')}</sst>`,
  },
  { name: 'xl/worksheets/sheet1.xml', data: `<worksheet><sheetData>${sheetXml}</sheetData></worksheet>` },
]);
const xlsxSheet = await measureAsync(`read a 5,000-row .xlsx (${(xlsx.length / 1024).toFixed(0)} kB)`, () =>
  readTargetFile(xlsx),
);
console.log(`  targets read: CSV ${csvSheet.targets.length}, .xlsx ${xlsxSheet.targets.length}`);

// A member's import: 2,000 new people known by member 1 (a new network version: new objects).
const LISTS = env('BENCH_LISTS', 10);
const lists = Array.from({ length: LISTS }, (_, l) =>
  targetsOf(l % 2 ? 5000 : 1000).map((target) => ({ ...target, line: target.line + l })),
);
const snapshots = lists.map((targets) =>
  targetSeenSnapshot(rankTargetResults(matchTargets(targets, index, { suggestions: 0 }))),
);
const imported = [
  ...people,
  ...Array.from({ length: 2000 }, (_, i) => ({
    ...people[(i * 37) % PEOPLE],
    id: `new${i}`,
    linkedinUrl: `https://www.linkedin.com/in/new-person-${i}`,
    knownBy: [1],
  })),
];
const newWays = measure(`recompute ${LISTS} lists after a member's import`, () => {
  const rebuilt = new TargetPeopleIndex(imported);
  // Built with each network version (the service's memo), used by the reads of a page.
  new CompanySuggester([...rebuilt.companyNames.values()].map((name) => ({ name })));
  // Each company's people ranked once per version, for all the lists (docs/targets.md#ranking).
  const blocks = new TargetBlocks();
  let count = 0;
  lists.forEach((targets, l) => {
    // As the network service does for its list index: no suggestions (a page read adds them).
    const rows = rankTargetResults(matchTargetsWithIndex(targets, rebuilt, { suggestions: 0, blocks }));
    summariseTargetResults(rows);
    count += countNewWaysIn(rows, snapshots[l]);
  });
  return count;
});
console.log(`  new ways in over the ${LISTS} lists: ${newWays}`);
// Reading one list after the import: its first page gets suggestions for its unmatched targets.
const firstPage = rankTargetResults(
  matchTargetsWithIndex(lists[0], new TargetPeopleIndex(imported), { suggestions: 0 }),
);
const pageSuggester = new CompanySuggester(
  [...new TargetPeopleIndex(imported).companyNames.values()].map((name) => ({ name })),
);
measure(`suggestions for a ${lists[0].length}-target list's first page`, () =>
  withSuggestions(firstPage.slice(0, TARGET_RESULTS_PAGE_MAX), pageSuggester),
);

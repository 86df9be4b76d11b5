import { describe, expect, it } from '@jest/globals';
import { buildConnection, buildSelf } from '../../test/build-connection.js';
import { TargetPeopleIndex } from './target-people-index.js';

const people = [
  buildSelf({ company: 'Acme' }),
  buildConnection({
    id: 'a',
    firstName: 'Ana',
    lastName: 'Lopez',
    company: 'Acme, Inc.',
    email: 'ana@eu.acme.com',
    linkedinUrl: 'linkedin.com/in/Ana',
  }),
  buildConnection({ id: 'b', firstName: 'Ana', lastName: 'López', company: 'ACME' }),
  buildConnection({ id: 'c', company: 'Acme Labs' }),
  buildConnection({ id: 'd', company: 'AcmeLabs' }),
  buildConnection({ id: 's', company: 'Acme', isSource: true }),
];
const index = new TargetPeopleIndex(people);

describe('TargetPeopleIndex', () => {
  it("groups people by folded company, leaving members' own nodes out", () => {
    expect(index.byCompany.get('acme')?.map((p) => p.id)).toEqual(['a', 'b']);
  });

  it('indexes work e-mail domains with their parents', () => {
    expect(index.byDomain.get('acme.com')?.map((p) => p.id)).toEqual(['a']);
    expect(index.byDomain.get('eu.acme.com')?.map((p) => p.id)).toEqual(['a']);
  });

  it('finds people by canonical profile URL and by folded name at a company', () => {
    expect(index.byProfile('https://www.linkedin.com/in/ana')?.id).toBe('a');
    expect(index.byName('ana', 'lopez', 'acme').map((p) => p.id)).toEqual(['a', 'b']);
    expect(index.byName('Bo', 'Chen', 'acme')).toEqual([]);
  });

  it('tells an exact spelling from a folded one', () => {
    expect(index.isExactSpelling('acme', ' acme,  inc. ')).toBe(true);
    expect(index.isExactSpelling('acme', 'Acme Inc')).toBe(false);
  });

  it('names a company by a squashed stem only when one company spells it', () => {
    expect(index.keyForStem('acme')).toBe('acme');
    expect(index.keyForStem('acmelabs')).toBeNull();
    expect(index.keyForStem('globex')).toBeNull();
  });
});

/** Everything an index answers, its maps' keys in code-unit order (their order may differ). */
function answers(index: TargetPeopleIndex, profiles: string[], names: [string, string, string][]) {
  const sorted = <V>(map: ReadonlyMap<string, V>) => [...map].sort(([a], [b]) => (a < b ? -1 : 1));
  return {
    byCompany: sorted(index.byCompany).map(([key, list]) => [key, list.map((p) => p.id)]),
    byDomain: sorted(index.byDomain).map(([key, list]) => [key, list.map((p) => p.id)]),
    companyNames: sorted(index.companyNames),
    exact: [...index.byCompany.keys()]
      .sort()
      .map((key) =>
        ['Acme', 'ACME', 'Acme, Inc.', 'Acme Labs', 'AcmeLabs', 'Globex'].map((name) =>
          index.isExactSpelling(key, name),
        ),
      ),
    stems: ['acme', 'acmelabs', 'globex', 'initech'].map((stem) => index.keyForStem(stem)),
    profiles: profiles.map((url) => [index.byProfile(url)?.id, index.allByProfile(url).map((p) => p.id)]),
    names: names.map(([first, last, key]) => index.byName(first, last, key).map((p) => p.id)),
  };
}

describe('TargetPeopleIndex patched from the last version', () => {
  const acme = (id: string, more: Parameters<typeof buildConnection>[0] = {}) =>
    buildConnection({ id, firstName: 'Ana', lastName: 'Lopez', company: 'Acme', ...more });
  const last = [
    acme('a', { email: 'a@acme.com', linkedinUrl: 'linkedin.com/in/a' }),
    acme('b', { company: 'ACME', linkedinUrl: 'linkedin.com/in/a' }),
    acme('c', { company: 'Acme Labs', email: 'c@labs.acme.com' }),
    acme('d', { company: 'Globex', linkedinUrl: 'linkedin.com/in/d' }),
    acme('e', { company: 'Initech' }),
    // Many left as they were: an index with most of its people changed is built anew.
    ...Array.from({ length: 40 }, (_, i) => acme(`x${i}`, { company: `Filler ${i % 7}` })),
  ];
  const places = (people: readonly ReturnType<typeof acme>[]) =>
    new Map(people.map((person, at) => [person, at * 10] as const));
  const profiles = [
    'https://www.linkedin.com/in/a',
    'https://www.linkedin.com/in/d',
    'https://www.linkedin.com/in/f',
  ];
  const names: [string, string, string][] = [
    ['Ana', 'Lopez', 'acme'],
    ['Ana', 'Lopez', 'globex'],
    ['Bo', 'Chen', 'acme labs'],
  ];

  it('answers exactly what an index built from every person answers, keeping untouched lists', () => {
    const lastIndex = new TargetPeopleIndex(last);
    lastIndex.allByProfile(profiles[0] as string);
    const [a, b, c, , e] = last as ReturnType<typeof acme>[];
    // d (Globex, the only one there) gone; b changed (a new node at another spelling); new people
    // at Acme Labs, at a new company and with a known profile, between the others.
    const now = [
      acme('f', { linkedinUrl: 'linkedin.com/in/f', company: 'AcmeLabs' }),
      a as ReturnType<typeof acme>,
      acme('b', { company: 'Acme, Inc.', linkedinUrl: 'linkedin.com/in/a' }),
      c as ReturnType<typeof acme>,
      acme('g', { firstName: 'Bo', lastName: 'Chen', company: 'Acme Labs', email: 'g@labs.acme.com' }),
      e as ReturnType<typeof acme>,
      acme('h', { company: 'Umbrella', linkedinUrl: 'linkedin.com/in/a' }),
      ...last.slice(5),
    ];
    const patched = new TargetPeopleIndex(now, {
      last: lastIndex,
      lastPlace: places(last),
      place: new Map(now.map((person, at) => [person, at * 10 + 5] as const)),
    });
    expect(patched.patched).toBe(true);
    expect(answers(patched, profiles, names)).toEqual(answers(new TargetPeopleIndex(now), profiles, names));
    expect(patched.byCompany.get('initech')).toBe(lastIndex.byCompany.get('initech'));
    expect(patched.byCompany.has('globex')).toBe(false);
    expect(b).not.toBe(now[2]);
  });

  it('is built anew when the people both hold changed order', () => {
    const lastIndex = new TargetPeopleIndex(last);
    const now = [...last].reverse();
    const patched = new TargetPeopleIndex(now, {
      last: lastIndex,
      lastPlace: places(last),
      place: places(now),
    });
    expect(patched.patched).toBe(false);
    expect(answers(patched, profiles, names)).toEqual(answers(new TargetPeopleIndex(now), profiles, names));
  });
});

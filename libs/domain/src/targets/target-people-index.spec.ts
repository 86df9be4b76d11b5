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

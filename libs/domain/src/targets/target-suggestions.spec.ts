import { describe, expect, it } from '@jest/globals';
import { buildConnection, buildSelf } from '../../test/build-connection.js';
import { company, person } from '../../test/build-target.js';
import { CompanySuggester } from './company-suggestions.js';
import { matchTargets } from './match-targets.js';
import { TargetPeopleIndex } from './target-people-index.js';
import { isUnmatchedCompany, withSuggestions } from './target-suggestions.js';

const NETWORK = [
  buildSelf(),
  buildConnection({ id: 'ana', company: 'Acme Labs, Inc.', knownBy: [1] }),
  buildConnection({ id: 'cy', company: 'Acme Capital', knownBy: [2] }),
  buildConnection({ id: 'dee', company: 'Initech Global', email: 'dee@initech.com', knownBy: [1] }),
];
const TARGETS = [
  company(1, 'Acme Labs'),
  company(2, 'Acme Lab Partners'),
  company(3, 'The Vault Labs'),
  company(4, 'Initek'),
  company(5, 'Umbrella'),
  company(6, null, { domain: 'globex.com' }),
  person(7, { firstName: 'Ana', lastName: 'Nobody', company: 'Hooli' }),
];
const OPTIONS = {
  countedOnly: ['Vault Labs', 'Vault Labs Inc', 'VAULT LABS'].map((name) => ({ company: name })),
  corrections: [{ line: 5, companyKey: null }],
};

describe('withSuggestions: suggestions for the rows of one page', () => {
  it('gives rows matched without suggestions exactly the suggestions a full match gives them', () => {
    const index = new TargetPeopleIndex(NETWORK);
    const suggester = new CompanySuggester([...index.companyNames.values()].map((name) => ({ name })));
    const full = matchTargets(TARGETS, index, OPTIONS);
    const bare = matchTargets(TARGETS, index, { ...OPTIONS, suggestions: 0 });
    expect(bare.every((row) => row.suggestions.length === 0)).toBe(true);
    expect(withSuggestions(bare, suggester)).toEqual(full);
    // The fixture asks for some: an unknown spelling near two network companies.
    expect(full[1]?.suggestions.map((s) => s.key)).toContain('acme labs');
  });

  it('offers suggestions only for company targets that met nothing, nor after a correction', () => {
    const rows = matchTargets(TARGETS, NETWORK, { ...OPTIONS, suggestions: 0 });
    expect(rows.map(isUnmatchedCompany)).toEqual([false, true, true, true, false, true, false]);
  });
});

import { describe, expect, it } from '@jest/globals';
import { buildConnection } from '../../test/build-connection.js';
import { company, person } from '../../test/build-target.js';
import { hiddenCounts, matchTargetsWithIndex } from './match-targets.js';
import { TargetBlocks } from './target-blocks.js';
import { TargetPeopleIndex } from './target-people-index.js';

// docs/targets.md#ranking: the people at a company ranked once per version, for every target
// and list that names it.

const acme = Array.from({ length: 30 }, (_, i) =>
  buildConnection({
    id: `a${i}`,
    firstName: `Ana${i}`,
    lastName: 'Lopez',
    company: i % 2 ? 'Acme' : 'ACME Inc.',
    email: `ana${i}@acme.com`,
    knownBy: [1 + (i % 3)],
  }),
);
const index = new TargetPeopleIndex(acme);

describe('TargetBlocks', () => {
  it('ranks a company once for all the targets and lists naming it, with the same rows as without', () => {
    const blocks = new TargetBlocks();
    const list = [
      company(1, 'Acme'),
      company(2, 'The Acme'),
      person(3, { firstName: 'Ana9', lastName: 'Lopez', company: 'Acme Corp' }),
    ];
    const first = matchTargetsWithIndex(list, index, { blocks, suggestions: 0 });
    const again = matchTargetsWithIndex(list, index, { blocks, suggestions: 0 });
    expect(first).toEqual(matchTargetsWithIndex(list, index, { suggestions: 0 }));
    expect(again).toEqual(first);
    // Both company rows list the very same ranked people: ranked once.
    expect(again[0]?.people[0]).toBe(first[1]?.people[0]);
    expect(first[0]?.peopleCount).toBe(30);
  });

  it('keeps apart blocks of other lists, or of the same lists in another order', () => {
    const blocks = new TargetBlocks();
    const [one, two] = [[acme[0]], [acme[1]]] as [never[], never[]];
    const made: string[] = [];
    const block = (name: string) => () => {
      made.push(name);
      return { peopleCount: 0, listed: [], connectors: [] };
    };
    blocks.of([one, two], block('one two'));
    blocks.of([two, one], block('two one'));
    blocks.of([one], block('one'));
    blocks.of([one, two], block('again'));
    expect(made).toEqual(['one two', 'two one', 'one']);
    // No lists: nothing to keep it by, built each time.
    blocks.of([], block('none'));
    blocks.of([], block('none'));
    expect(made.filter((name) => name === 'none')).toHaveLength(2);
  });

  it('takes hidden counts computed once in place of the people counted only', () => {
    const countedOnly = [{ company: 'Acme' }, { company: 'ACME' }, { company: 'Acme Inc' }];
    const hidden = hiddenCounts(countedOnly);
    expect([...hidden]).toEqual([['acme', 3]]);
    const [byHidden] = matchTargetsWithIndex([company(1, 'Acme')], index, { hidden, suggestions: 0 });
    const [byList] = matchTargetsWithIndex([company(1, 'Acme')], index, { countedOnly, suggestions: 0 });
    expect(byHidden?.hiddenPeopleCount).toBe(3);
    expect(byHidden).toEqual(byList);
  });
});

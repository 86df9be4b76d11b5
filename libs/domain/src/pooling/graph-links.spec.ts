import { describe, expect, it } from '@jest/globals';
import type { Connection, Relationship } from '@warmpath/contracts';
import { seededRandom } from '../../test/random.js';
import { workspace } from '../../test/random-workspace.js';
import { generateCompanyLinks } from '../company/company-links.js';
import { companyLinkId, deriveCompanyLinks } from './graph-links.js';

/** deriveCompanyLinks as it was built before: generateCompanyLinks, then each end looked up by id. */
function byIdLookup(people: readonly Connection[], owner: number): Relationship[] {
  const byId = new Map(people.map((person) => [person.id, person]));
  return generateCompanyLinks(people).map((link) => {
    const source = byId.get(link.sourceId) as Connection;
    const target = byId.get(link.targetId) as Connection;
    return {
      id: companyLinkId(link.sourceId, link.targetId),
      sourceId: link.sourceId,
      targetId: link.targetId,
      strength: link.strength,
      createdAt: source.createdAt > target.createdAt ? source.createdAt : target.createdAt,
      type: link.type,
      company: link.company,
      userId: owner,
    };
  });
}

describe('deriveCompanyLinks (links made from their two people, no look-up by id)', () => {
  it('gives the links of generateCompanyLinks with the later createdAt of the two, field for field, in order', () => {
    let links = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const random = seededRandom(seed);
      const people = workspace(seed)
        .flatMap((member) => member.people)
        .map((person) => ({
          ...person,
          createdAt: new Date(Date.UTC(2024, 0, 1 + Math.floor(random() * 300))).toISOString(),
        }));
      const derived = deriveCompanyLinks(people, 3);
      // Byte for byte: the compact form's reader and the pooling compare encoded networks.
      expect(JSON.stringify(derived)).toBe(JSON.stringify(byIdLookup(people, 3)));
      links += derived.length;
    }
    expect(links).toBeGreaterThan(500);
  });
});

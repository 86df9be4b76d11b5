import { describe, expect, it } from '@jest/globals';
import { seededRandom } from '../../test/random.js';
import { type CompanyLinkPerson, generateCompanyLinks } from './company-links.js';

const TITLES = [
  'Software Engineer',
  'Senior Software Engineer',
  'Account Executive',
  'Product Manager',
  'Recruiter',
  'Director of Engineering',
  'VP Sales',
  'Data Scientist',
  'Marketing Manager',
  'Customer Support Specialist',
  null,
];

/** 30,000 people; company sizes are heavy-tailed: a few employ thousands, most one or two. */
function generatePeople(count: number): CompanyLinkPerson[] {
  const random = seededRandom(42);
  return Array.from({ length: count }, (_, i) => {
    const company = Math.floor(random() ** 3 * 3000);
    const title = TITLES[Math.floor(random() * TITLES.length)] ?? null;
    return { id: String(i + 1), company: `Company ${company}`, position: title };
  });
}

function componentCount(
  ids: readonly string[],
  links: readonly { sourceId: string; targetId: string }[],
): number {
  const parent = new Map(ids.map((id) => [id, id]));
  const find = (id: string): string => {
    let root = id;
    while (parent.get(root) !== root) root = parent.get(root) as string;
    parent.set(id, root);
    return root;
  };
  for (const link of links) parent.set(find(link.sourceId), find(link.targetId));
  return new Set(ids.map(find)).size;
}

describe('generateCompanyLinks on a 30,000-person network', () => {
  const people = generatePeople(30_000);
  const links = generateCompanyLinks(people);
  const sizes = new Map<string, number>();
  for (const p of people) sizes.set(p.company ?? '', (sizes.get(p.company ?? '') ?? 0) + 1);
  const [largest, largestSize] = [...sizes.entries()].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];

  it('generates a heavy-tailed network, with one company of thousands', () => {
    expect(largestSize).toBeGreaterThan(1000);
  });

  it('keeps the number of links linear in the number of people', () => {
    expect(links.length).toBeLessThan(8 * people.length);
  });

  it('links the largest company with a few links per person, not every pair', () => {
    const inLargest = links.filter((l) => l.company === largest);
    expect(inLargest.length).toBeLessThan(4 * largestSize);
  });

  it('links each pair at most once', () => {
    const pairs = new Set(
      links.map((l) =>
        l.sourceId < l.targetId ? `${l.sourceId}-${l.targetId}` : `${l.targetId}-${l.sourceId}`,
      ),
    );
    expect(pairs.size).toBe(links.length);
  });

  it('keeps every company connected and never links across companies', () => {
    expect(
      componentCount(
        people.map((p) => p.id),
        links,
      ),
    ).toBe(sizes.size);
  });
});

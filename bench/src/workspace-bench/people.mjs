// The people of a benchmark workspace: one universe of people (generateExportRows), each member's
// network a sample of it, so that members overlap as colleagues' networks do.
import { seededRandom } from '@warmpath/testing';

/** The people a member imported: `count` of the universe (at most 90% of it), their own dates. */
export function sampleOf(universe, count, seed) {
  const random = seededRandom(seed);
  const picked = new Set();
  const wanted = Math.min(count, Math.floor(universe.length * 0.9));
  while (picked.size < wanted) picked.add(Math.floor(random() * universe.length));
  return [...picked].map((index) => {
    const row = universe[index];
    const year = 2008 + Math.floor(random() * 18);
    return {
      firstName: row.firstName,
      lastName: row.lastName,
      company: row.company || null,
      position: row.position || null,
      email: row.email || null,
      linkedinUrl: row.url,
      connectedOn: `${year}-0${1 + Math.floor(random() * 9)}-1${Math.floor(random() * 9)}`,
      hasWorkedWith: random() < 0.05,
    };
  });
}

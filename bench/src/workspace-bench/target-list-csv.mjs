// Target lists as a CRM or a spreadsheet gives them (docs/targets.md#files), made of a seeded
// workspace's people so that they hit: half companies (legal-form noise, one in five unknown), a
// quarter people by profile URL, a quarter people by name at their company (one in ten unknown).
import { seededRandom } from '@warmpath/testing';
import { companyName, noisyCompanyName } from './target-companies.mjs';

const HEADER = 'Company,First Name,Last Name,LinkedIn URL';
const cell = (value) => `"${String(value ?? '').replaceAll('"', '""')}"`;
const line = (cells) => cells.map(cell).join(',');

/**
 * A CSV of `size` distinct targets drawn from `people` (generateExportRows rows: firstName,
 * lastName, company, url). `seed` varies the list; `companies`: how many company names the people's
 * companies come from (companyName), unknown companies are named past them (distinct up to
 * 22,500 in all); `first`: company names put first (e.g. one nobody works at yet).
 */
export function targetListCsv(people, size, { seed = 1, companies = 20_000, first = [] } = {}) {
  const random = seededRandom(seed);
  const pick = () => people[Math.floor(random() * people.length)];
  const lines = [HEADER, ...first.map((name) => line([name, '', '', '']))];
  const usedCompanies = new Set(first);
  const usedPeople = new Set();
  let unknown = 0;
  const unknownCompany = () => companyName(companies + ((seed * 997 + unknown++) % (22_500 - companies)));
  /** A person (with a company when `withCompany`) not used yet; null after many tries. */
  const freshPerson = (key, withCompany) => {
    for (let tries = 0; tries < 50; tries++) {
      const person = pick();
      if (withCompany && !person.company) continue;
      if (usedPeople.has(key(person))) continue;
      usedPeople.add(key(person));
      return person;
    }
    return null;
  };
  for (let i = 0; lines.length - 1 < size; i++) {
    const slot = i % 4;
    if (slot === 0 || slot === 2) {
      let name = null;
      if (random() >= 0.2)
        for (let tries = 0; tries < 50 && name === null; tries++) {
          const { company } = pick();
          if (company && !usedCompanies.has(company)) name = company;
        }
      if (name === null) name = unknownCompany();
      usedCompanies.add(name);
      lines.push(line([noisyCompanyName(name, i >> 1), '', '', '']));
    } else if (slot === 1) {
      const person = random() < 0.1 ? null : freshPerson((p) => p.url, false);
      lines.push(line(['', '', '', person?.url ?? `https://www.linkedin.com/in/nobody-${seed}-${i}`]));
    } else {
      const person = freshPerson((p) => `${p.firstName} ${p.lastName} ${p.company}`, true);
      if (!person || random() < 0.1)
        lines.push(line([person?.company ?? unknownCompany(), 'Zed', `Nobody${seed}x${i}`, '']));
      else
        lines.push(line([person.company, person.firstName.toLowerCase(), person.lastName.toUpperCase(), '']));
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}

import { buildLinkedInCsv, linkedInDate, type ExportOptions, type ExportRow } from './linkedin-export.js';

// prettier-ignore
const FIRST_NAMES = [
  'Ana', 'Ben', 'Chloé', 'David', 'Elena', 'Farid', 'Grace', 'Hiro', 'Ines', 'Jonas', 'Kemi', 'Liam', 'María',
  'Noah', 'Olga', 'Priya', 'Quentin', 'Rosa', 'Sven', 'Tariq', 'Uma', 'Victor', 'Wen', 'Xavier', 'Yara', 'Zoe',
  'Aarav', 'Björn', 'Camille', 'Dmitri', 'Emeka', 'Fatima', 'Giulia', 'Hannah', 'Ivan', 'Julia', 'Kenji', 'Lucía',
  'Mateo', 'Nadia', 'Oscar', 'Paula', 'Raj', 'Sofia', 'Tom', 'Valentina', 'William', 'Yusuf', 'Zainab', 'Amélie',
];
// prettier-ignore
const LAST_NAMES = [
  'Silva', 'Okafor', 'Müller', 'Nguyen', 'García', 'Smith', 'Kowalski', 'Tanaka', 'Rossi', 'Johansson', 'Dubois',
  'Patel', 'Kim', 'Cohen', "O'Brien", 'Fernández', 'Ivanova', 'Haddad', 'Andersen', 'Moreau', 'Schmidt', 'Costa',
  'Chen', 'Novak', 'Yilmaz', 'Brown', 'Lopez', 'Martin', 'Singh', 'Wilson', 'Almeida', 'Bauer', 'Jensen', 'Khan',
  'Lindqvist', 'Mendes', 'Nakamura', 'Petrov', 'Rahman', 'Santos', 'Takahashi', 'van Dijk', 'Weber', 'Zhang',
];
/** Ordered by size: the first companies employ most people (a Zipf-like spread, as real networks). */
// prettier-ignore
const COMPANIES = [
  'Northwind Traders', 'Contoso Ltd', 'Globex Corporation', 'Initech', 'Umbrella Health', 'Stark Industries',
  'Wayne Enterprises', 'Acme, Inc.', 'Hooli', 'Pied Piper', 'Vandelay Industries', 'Soylent Foods GmbH',
  'Tyrell Systems', 'Cyberdyne AB', 'Wonka Confectionery', 'Oceanic Airlines', 'Massive Dynamic', 'Aperture Labs',
  'Black Mesa Research', 'Gringotts Bank plc', 'Monarch Solutions', 'Dunder Mifflin', 'Sterling Cooper LLC',
  'Prestige Worldwide', 'Bluth Company', 'Krusty Krab', 'Los Pollos Hermanos', 'Nakatomi Trading', 'Octan Energy',
  'Rekall Inc', 'Blue Sun Corp', 'Weyland Partners', 'Yoyodyne', 'Zorg Industries', 'Freelance', 'Self-employed',
];
// prettier-ignore
const ROLES = [
  'Software Engineer', 'Product Manager', 'Account Executive', 'Marketing Manager', 'Data Scientist',
  'Recruiter', 'Operations Manager', 'Financial Analyst', 'Legal Counsel', 'Consultant', 'Research Scientist',
  'Customer Success Manager', 'UX Designer', 'Engineering Manager', 'Sales Director', 'Director of Engineering',
  'VP of Sales', 'Head of Marketing', 'Chief Technology Officer', 'CEO', 'Founder', 'HR Business Partner',
  'Frontend Developer', 'DevOps Engineer', 'Business Analyst', 'Support Engineer', 'Talent Acquisition Lead',
];
const PREFIXES = [
  '',
  '',
  '',
  '',
  'Senior ',
  'Senior ',
  'Junior ',
  'Principal ',
  'Staff ',
  'Lead ',
  'Associate ',
];
const LEADER_ROLE = /^(CEO|Founder|Chief|VP|Head|Director)/;

/** Small, fast, seedable PRNG (mulberry32): the same seed gives the same export. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface GenerateOptions {
  seed?: number;
  /** How many distinct companies to spread people over (at most the built-in list's length). */
  companies?: number;
  /** Share of people with no company (LinkedIn leaves it empty when there is no current position). */
  noCompanyShare?: number;
  /** Share of people who let their connections see their e-mail. */
  emailShare?: number;
}

/** Deterministic, realistic export rows: Zipf-sized companies, mixed seniority, dates 2008-2025. */
export function* generateExportRows(count: number, options: GenerateOptions = {}): Generator<ExportRow> {
  const random = seededRandom(options.seed ?? 42);
  const companies = COMPANIES.slice(0, Math.min(options.companies ?? COMPANIES.length, COMPANIES.length));
  const weights = companies.map((_, rank) => 1 / (rank + 1));
  const total = weights.reduce((a, b) => a + b, 0);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const start = Date.UTC(2008, 0, 1);
  const span = Date.UTC(2025, 11, 31) - start;
  for (let i = 0; i < count; i++) {
    const firstName = pick(FIRST_NAMES);
    const lastName = pick(LAST_NAMES);
    const slug = `${firstName}-${lastName}`
      .normalize('NFD')
      .replace(/[^A-Za-z-]/g, '')
      .toLowerCase();
    let company = '';
    if (random() >= (options.noCompanyShare ?? 0.06)) {
      let target = random() * total;
      company = companies[companies.length - 1] as string;
      for (let c = 0; c < companies.length; c++) {
        target -= weights[c] as number;
        if (target <= 0) {
          company = companies[c] as string;
          break;
        }
      }
    }
    const role = pick(ROLES);
    // Leaders are not "Senior CEO"s.
    const position = company ? `${LEADER_ROLE.test(role) ? '' : pick(PREFIXES)}${role}` : '';
    // Like LinkedIn's own suffixes; a bijection of i, so every profile URL is distinct.
    const suffix = (Math.imul(i + 1, 2654435761) >>> 0).toString(36);
    const email = random() < (options.emailShare ?? 0.15) ? `${slug}.${suffix}@example.com` : '';
    yield {
      firstName,
      lastName,
      url: `https://www.linkedin.com/in/${slug}-${suffix}`,
      email,
      company,
      position,
      connectedOn: linkedInDate(new Date(start + Math.floor(random() * span))),
    };
  }
}

/** A whole generated export as text (fine up to a few hundred thousand rows). */
export function generateLinkedInCsv(count: number, options: GenerateOptions & ExportOptions = {}): string {
  return buildLinkedInCsv([...generateExportRows(count, options)], options);
}

/**
 * The file served at /sample_connections.csv: LinkedIn's current format, 150 people over
 * twelve companies, the largest with more than 15 people (so both link rules show).
 */
export function buildSampleConnectionsCsv(): string {
  return generateLinkedInCsv(150, { seed: 2024, companies: 12, emailShare: 0.2, lineEnding: '\r\n' });
}

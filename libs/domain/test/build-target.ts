import type { CompanyTarget, PersonTarget } from '@warmpath/contracts';

/** A company target at a line of a list: a name (or null), and nothing else unless given. */
export const company = (
  line: number,
  name: string | null,
  extra: Partial<CompanyTarget> = {},
): CompanyTarget => ({
  kind: 'company',
  line,
  name,
  domain: null,
  linkedinUrl: null,
  ...extra,
});

/** A person target at a line of a list: empty unless given. */
export const person = (line: number, extra: Partial<PersonTarget>): PersonTarget => ({
  kind: 'person',
  line,
  profileUrl: null,
  firstName: null,
  lastName: null,
  company: null,
  ...extra,
});

import type { MatchKind, Target, TargetField } from '@warmpath/contracts';

/** The mapping step's choices, in the order of docs/targets.md#columns. */
export const FIELD_LABELS: Record<TargetField, string> = {
  company: 'Company',
  domain: 'Domain',
  website: 'Website',
  companyLinkedinUrl: 'Company LinkedIn',
  profileUrl: 'Profile URL',
  firstName: 'First name',
  lastName: 'Last name',
  fullName: 'Full name',
  personCompany: 'Person company',
};

/** How a target met the network (docs/targets.md#matching), as its tag reads. */
export const MATCH_LABELS: Record<MatchKind, { label: string; color: string }> = {
  exact: { label: 'Exact', color: 'green' },
  folded: { label: 'Folded', color: 'cyan' },
  domain: { label: 'Domain', color: 'blue' },
  'profile-url': { label: 'Profile URL', color: 'purple' },
  'name-company': { label: 'Name + company', color: 'geekblue' },
  manual: { label: 'Manual', color: 'gold' },
  none: { label: 'None', color: 'default' },
};

/** A target as the user wrote it: the company (or its domain, page), or the person at a company. */
export function targetLabel(target: Target): string {
  if (target.kind === 'company')
    return target.name ?? target.domain ?? target.linkedinUrl ?? `Line ${target.line}`;
  const name = [target.firstName, target.lastName].filter(Boolean).join(' ');
  const who = name || target.profileUrl || `Line ${target.line}`;
  return target.company ? `${who} (${target.company})` : who;
}

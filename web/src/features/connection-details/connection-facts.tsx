import type { Connection } from '@warmpath/contracts';
import { Descriptions, Typography } from 'antd';
import { formatDate, formatYears } from '../network';
import { absentText, jobChangeText } from './export-history';

/** Only http(s) links are shown as links: a CSV cell could hold a javascript: URL. */
export function safeProfileUrl(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

function knownByText(person: Connection): string | null {
  if (person.isUser) return null;
  const others = person.knownBy.length - 1;
  if (others <= 0) return person.connectionDegree === 1 ? 'You' : null;
  return `You and ${others} teammate${others === 1 ? '' : 's'}`;
}

/** The person's real data (DECISIONS.md): no invented history. Missing values read 'N/A'. */
export function ConnectionFacts({
  person,
  showKnownBy = true,
}: {
  person: Connection;
  /** Off in a workspace, where the panel names the teammates who know the person instead. */
  showKnownBy?: boolean;
}) {
  const profile = safeProfileUrl(person.linkedinUrl);
  const knownBy = showKnownBy ? knownByText(person) : null;
  const moved = jobChangeText(person);
  const absent = absentText(person);
  const items = [
    ...(absent ? [{ key: 'absent', label: 'Export', children: absent }] : []),
    ...(moved ? [{ key: 'moved', label: 'Job change', children: moved }] : []),
    { key: 'position', label: 'Position', children: person.position || 'N/A' },
    { key: 'company', label: 'Company', children: person.company || 'N/A' },
    { key: 'connected', label: 'Connected On', children: formatDate(person.connectedOn) },
    { key: 'years', label: 'Years connected', children: formatYears(person.yearsConnected) },
    {
      key: 'email',
      label: 'E-mail',
      children: person.email ? (
        <Typography.Link href={`mailto:${person.email}`}>{person.email}</Typography.Link>
      ) : (
        'N/A'
      ),
    },
    {
      key: 'profile',
      label: 'Profile',
      children: profile ? (
        <Typography.Link href={profile} target="_blank" rel="noopener noreferrer">
          LinkedIn profile
        </Typography.Link>
      ) : (
        'N/A'
      ),
    },
    ...(person.industry ? [{ key: 'industry', label: 'Industry', children: person.industry }] : []),
    ...(person.location ? [{ key: 'location', label: 'Location', children: person.location }] : []),
    ...(knownBy ? [{ key: 'known', label: 'Known by', children: knownBy }] : []),
  ];
  return <Descriptions column={1} size="small" items={items} />;
}

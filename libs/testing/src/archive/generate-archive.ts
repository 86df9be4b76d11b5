import { csvLine } from '../csv/csv-text.js';
import { generateExportRows, seededRandom } from '../csv/generate-export.js';
import { buildLinkedInCsv, type ExportRow } from '../csv/linkedin-export.js';
import type { ZipEntryInput } from '../zip/build-zip.js';

export const MESSAGES_HEADER = [
  'CONVERSATION ID',
  'CONVERSATION TITLE',
  'FROM',
  'SENDER PROFILE URL',
  'TO',
  'RECIPIENT PROFILE URLS',
  'DATE',
  'SUBJECT',
  'CONTENT',
  'FOLDER',
];
export const INVITATIONS_HEADER = [
  'From',
  'To',
  'Sent At',
  'Message',
  'Direction',
  'inviterProfileUrl',
  'inviteeProfileUrl',
];
const ENDORSEMENT_COLUMNS = (who: 'Endorser' | 'Endorsee') => [
  'Endorsement Date',
  'Skill Name',
  `${who} First Name`,
  `${who} Last Name`,
  `${who} Public Url`,
  'Endorsement Status',
];
const RECOMMENDATION_HEADER = [
  'First Name',
  'Last Name',
  'Company',
  'Job Title',
  'Text',
  'Creation Date',
  'Status',
];

export const ARCHIVE_OWNER = { name: 'Morgan Member', url: 'https://www.linkedin.com/in/morgan-member-0001' };

export interface ArchiveOptions {
  seed?: number;
  connections?: number;
  messages?: number;
  /** Share of conversations that are group chats (3 to 6 people). */
  groupShare?: number;
  /** Share of conversations with people who are not connections (recruiters, strangers). */
  strangerShare?: number;
  /** Share of messages whose date cannot be read. */
  malformedDateShare?: number;
  /**
   * Text put into every content, subject, invitation note and recommendation text cell (with the
   * usual commas, quotes, line breaks and emoji around it): the no-content test looks for it.
   */
  marker?: string;
  /** The day the archive was exported; messages fall in the five years before it. */
  today?: Date;
}

export interface GeneratedArchive {
  connections: ExportRow[];
  /** The archive's files, ready for buildZip. */
  files: ZipEntryInput[];
  /** Messages written, of which with connections in one-to-one conversations, and with strangers. */
  counts: { messages: number; groups: number; strangerMessages: number; malformedDates: number };
}

/** A realistic LinkedIn data archive, the same for the same options (seeded). */
export function generateArchive(options: ArchiveOptions = {}): GeneratedArchive {
  const seed = options.seed ?? 7;
  const connections = [...generateExportRows(options.connections ?? 300, { seed })];
  const random = seededRandom(seed + 1);
  const counts = { messages: 0, groups: 0, strangerMessages: 0, malformedDates: 0 };
  const messageLines = [csvLine(MESSAGES_HEADER)];
  for (const row of generateMessageRows(connections, options, counts)) messageLines.push(csvLine(row));
  const text = (what: string) => contentCell(what, options.marker, random);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const invitations = [csvLine(INVITATIONS_HEADER)];
  for (const person of connections.slice(0, Math.ceil(connections.length / 3))) {
    const outgoing = random() < 0.5;
    const note = random() < 0.4 ? text('Hi, we met at the conference') : '';
    invitations.push(
      csvLine([
        outgoing ? ARCHIVE_OWNER.name : name(person),
        outgoing ? name(person) : ARCHIVE_OWNER.name,
        `${1 + Math.floor(random() * 12)}/${1 + Math.floor(random() * 28)}/2${Math.floor(random() * 5)}, 10:0${Math.floor(random() * 10)} AM`,
        note,
        outgoing ? 'OUTGOING' : 'INCOMING',
        outgoing ? ARCHIVE_OWNER.url : person.url,
        outgoing ? person.url : ARCHIVE_OWNER.url,
      ]),
    );
  }
  const endorsements = (who: 'Endorser' | 'Endorsee') => [
    csvLine(ENDORSEMENT_COLUMNS(who)),
    ...connections
      .filter(() => random() < 0.15)
      .map((person) =>
        csvLine([
          `2023/0${1 + Math.floor(random() * 9)}/1${Math.floor(random() * 9)} 15:47:58 UTC`,
          pick(['TypeScript', 'Leadership', 'Sales', 'Product Management']),
          person.firstName,
          person.lastName,
          person.url.replace('https://', ''),
          'ACCEPTED',
        ]),
      ),
  ];
  const recommendations = () => [
    csvLine(RECOMMENDATION_HEADER),
    ...connections
      .filter(() => random() < 0.03)
      .map((person) =>
        csvLine([
          person.firstName,
          person.lastName,
          person.company,
          person.position,
          text('A great colleague'),
          '06/05/23, 10:25 AM',
          'VISIBLE',
        ]),
      ),
  ];
  const file = (name: string, lines: string[]): ZipEntryInput => ({ name, data: `${lines.join('\n')}\n` });
  return {
    connections,
    counts,
    files: [
      { name: 'Connections.csv', data: buildLinkedInCsv(connections) },
      file('messages.csv', messageLines),
      file('Invitations.csv', invitations),
      file('Endorsement_Received_Info.csv', endorsements('Endorser')),
      file('Endorsement_Given_Info.csv', endorsements('Endorsee')),
      file('Recommendations_Received.csv', recommendations()),
      file('Recommendations_Given.csv', recommendations()),
    ],
  };
}

/**
 * The rows of a messages.csv, conversation by conversation: one-to-one chats with connections
 * (a few talked to a lot, most a little), group chats, strangers, a few malformed dates. A
 * generator, so a benchmark can write hundreds of MB without holding them.
 */
export function* generateMessageRows(
  connections: readonly ExportRow[],
  options: ArchiveOptions = {},
  counts = { messages: 0, groups: 0, strangerMessages: 0, malformedDates: 0 },
): Generator<string[]> {
  const random = seededRandom((options.seed ?? 7) + 2);
  const total = options.messages ?? 5000;
  // The start of today (UTC) by default: the same archive all day long.
  const today = options.today?.getTime() ?? Math.floor(Date.now() / 86_400_000) * 86_400_000;
  const fiveYears = 5 * 365 * 86_400_000;
  let conversation = 0;
  while (counts.messages < total) {
    conversation++;
    const id = `2-${Buffer.from(`conversation-${options.seed ?? 7}-${conversation}`).toString('base64')}`;
    const group = random() < (options.groupShare ?? 0.1);
    const stranger = !group && random() < (options.strangerShare ?? 0.05);
    // Zipf-like: the first connections are the ones talked to most.
    const others = group
      ? Array.from(
          { length: 2 + Math.floor(random() * 4) },
          () => connections[Math.floor(random() * connections.length)] as ExportRow,
        )
      : [
          stranger
            ? strangerRow(conversation)
            : (connections[Math.floor(connections.length * random() ** 2)] as ExportRow),
        ];
    if (group) counts.groups++;
    const length = Math.min(total - counts.messages, 1 + Math.floor(random() ** 2 * 40));
    let time = today - Math.floor(random() * fiveYears);
    for (let m = 0; m < length; m++) {
      time += Math.floor(random() * 3 * 86_400_000);
      const fromOwner = random() < 0.5;
      const sender = fromOwner ? null : (others[Math.floor(random() * others.length)] as ExportRow);
      const participants = [
        { name: ARCHIVE_OWNER.name, url: ARCHIVE_OWNER.url },
        ...others.map((o) => ({ name: name(o), url: o.url })),
      ];
      const from = sender
        ? { name: name(sender), url: sender.url }
        : (participants[0] as { name: string; url: string });
      const to = participants.filter((p) => p.url !== from.url);
      const malformed = random() < (options.malformedDateShare ?? 0.01);
      if (malformed) counts.malformedDates++;
      if (stranger) counts.strangerMessages++;
      counts.messages++;
      yield [
        id,
        group ? 'Project chat, "weekly"' : '',
        from.name,
        from.url,
        to.map((p) => p.name).join(', '),
        to.map((p) => p.url).join(';'),
        malformed ? pickMalformed(random) : archiveDateTime(Math.min(time, today)),
        contentCell('Re: catching up', options.marker, random),
        contentCell(`Hi ${to[0]?.name ?? ''}, how are you`, options.marker, random),
        'INBOX',
      ];
    }
  }
}

/** "2023-06-11 15:33:58 UTC", as messages.csv writes its dates. */
export const archiveDateTime = (time: number): string =>
  `${new Date(time).toISOString().slice(0, 19).replace('T', ' ')} UTC`;

const name = (row: ExportRow): string => `${row.firstName} ${row.lastName}`;

function strangerRow(n: number): ExportRow {
  return {
    firstName: 'Rita',
    lastName: `Recruiter${n}`,
    url: `https://www.linkedin.com/in/rita-recruiter-${n}`,
    email: '',
    company: 'Talent Partners',
    position: 'Recruiter',
    connectedOn: '',
  };
}

function pickMalformed(random: () => number): string {
  return ['2023-02-30 10:00:00 UTC', 'yesterday', '', '31/31/2023'][Math.floor(random() * 4)] as string;
}

/** A message-like text: commas, quotes, a line break and emoji, with the marker when given. */
function contentCell(text: string, marker: string | undefined, random: () => number): string {
  const emoji = ['🎉', '👋', '🚀', '🙂'][Math.floor(random() * 4)] as string;
  return `${text}, "really" ${emoji}\nBest, talk soon${marker ? ` ${marker}` : ''}`;
}

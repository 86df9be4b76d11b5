import { csvLine, ARCHIVE_OWNER, MESSAGES_HEADER, archiveDateTime, type ExportRow } from '@warmpath/testing';

const DAY_MS = 86_400_000;

/** A messages.csv of conversations with each person: `count` messages both ways, the last `daysAgo` days ago. */
export function messagesCsv(
  talks: { person: ExportRow; count: number; daysAgo: number; content?: string }[],
): string {
  const lines = [csvLine(MESSAGES_HEADER)];
  talks.forEach(({ person, count, daysAgo, content }, conversation) => {
    const name = `${person.firstName} ${person.lastName}`;
    for (let m = 0; m < count; m++) {
      const fromMember = m % 2 === 0;
      const time = Date.now() - (daysAgo + (count - 1 - m)) * DAY_MS;
      lines.push(
        csvLine([
          `conv-${conversation}`,
          '',
          fromMember ? ARCHIVE_OWNER.name : name,
          fromMember ? ARCHIVE_OWNER.url : person.url,
          fromMember ? name : ARCHIVE_OWNER.name,
          fromMember ? person.url : ARCHIVE_OWNER.url,
          archiveDateTime(time),
          '',
          content ?? 'Hello, "how are you"? 🙂\nTalk soon',
          'INBOX',
        ]),
      );
    }
  });
  return `${lines.join('\n')}\n`;
}

/** The member worked at these companies (Positions.csv): people there now are past colleagues. */
export const positionsCsv = (...companies: string[]): string =>
  `Company Name,Title,Description,Location,Started On,Finished On\n${companies
    .map((company) => `${company},Engineer,,,Jan 2012,Dec 2016`)
    .join('\n')}\n`;

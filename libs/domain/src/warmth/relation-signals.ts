import { normaliseProfileUrl } from '../import/normalise-profile-url.js';
import { detachString } from '../text/detach-string.js';
import { isoDay, parseArchiveTime } from './archive-date.js';
import { ARCHIVE_HEADER_SEARCH_ROWS, archiveColumns } from './archive-header.js';
import { type ArchiveSignals, emptyArchiveSignals } from './archive-signals.js';

/** The archive's files besides messages.csv that say something about a relationship. */
export type RelationFile =
  | 'invitations'
  | 'endorsements-received'
  | 'endorsements-given'
  | 'recommendations-received'
  | 'recommendations-given';

/** Recommendations carry names, not addresses: they are matched to people by name. */
export interface RecommendationSignals {
  given: number;
  received: number;
  givenOn: string | null;
  receivedOn: string | null;
}

/** A person's key in recommendation files: first and last name, trimmed, in lower case. */
export const recommendationNameKey = (firstName: string, lastName: string): string =>
  `${firstName.trim()} ${lastName.trim()}`.trim().toLowerCase().replace(/\s+/g, ' ');

const COLUMNS = {
  invitations: {
    direction: ['direction'],
    inviter: ['inviterprofileurl'],
    invitee: ['inviteeprofileurl'],
    date: ['sentat', 'date'],
    note: ['message'],
  },
  'endorsements-received': {
    url: ['endorserpublicurl', 'endorserprofileurl'],
    date: ['endorsementdate', 'date'],
  },
  'endorsements-given': {
    url: ['endorseepublicurl', 'endorseeprofileurl'],
    date: ['endorsementdate', 'date'],
  },
  'recommendations-received': { first: ['firstname'], last: ['lastname'], date: ['creationdate', 'date'] },
  'recommendations-given': { first: ['firstname'], last: ['lastname'], date: ['creationdate', 'date'] },
} as const satisfies Record<RelationFile, Record<string, readonly string[]>>;

const REQUIRED: { [F in RelationFile]: readonly (keyof (typeof COLUMNS)[F])[] } = {
  invitations: ['direction', 'inviter', 'invitee'],
  'endorsements-received': ['url'],
  'endorsements-given': ['url'],
  'recommendations-received': ['first', 'last'],
  'recommendations-given': ['first', 'last'],
};

/**
 * Reads one of the relation files row by row into the signals per profile URL (recommendations:
 * per name). Of a row it reads only addresses, names, directions and dates: an invitation's note
 * counts as "with a note" and its text goes no further; endorsed skills and recommendation texts
 * are never looked at.
 */
export class RelationSignalsReader {
  private columns: Record<string, number> | null = null;
  private headerRows = 0;
  rowsRead = 0;
  /**
   * The member's own profile URL when the file names it: the inviter of an outgoing invitation,
   * the invitee of an incoming one (Invitations.csv).
   */
  memberUrl: string | null = null;

  constructor(
    private readonly file: RelationFile,
    private readonly byUrl: Map<string, ArchiveSignals>,
    private readonly byName: Map<string, RecommendationSignals>,
  ) {}

  get recognised(): boolean {
    return this.columns !== null;
  }

  row(cells: readonly string[]): void {
    if (!this.columns) {
      if (this.headerRows++ < ARCHIVE_HEADER_SEARCH_ROWS)
        this.columns = archiveColumns(
          cells,
          COLUMNS[this.file] as Record<string, readonly string[]>,
          REQUIRED[this.file] as readonly string[],
        );
      return;
    }
    const cell = (name: string): string => {
      const index = (this.columns as Record<string, number>)[name] ?? -1;
      return index >= 0 ? (cells[index] ?? '') : '';
    };
    const time = parseArchiveTime(cell('date'));
    const day = time === null ? null : isoDay(time);
    this.rowsRead++;
    switch (this.file) {
      case 'invitations':
        return this.invitation(cell('direction'), cell('inviter'), cell('invitee'), cell('note'), day);
      case 'endorsements-received':
      case 'endorsements-given': {
        const signals = this.signalsOf(cell('url'));
        if (!signals) return;
        if (this.file === 'endorsements-received') signals.endorsementsReceived++;
        else signals.endorsementsGiven++;
        return;
      }
      case 'recommendations-received':
      case 'recommendations-given':
        return this.recommendation(recommendationNameKey(cell('first'), cell('last')), day);
    }
  }

  private invitation(
    direction: string,
    inviter: string,
    invitee: string,
    note: string,
    day: string | null,
  ): void {
    const outgoing = direction.trim().toUpperCase() === 'OUTGOING';
    if (!outgoing && direction.trim().toUpperCase() !== 'INCOMING') return;
    this.memberUrl ??= normaliseProfileUrl(outgoing ? inviter : invitee);
    const signals = this.signalsOf(outgoing ? invitee : inviter);
    if (!signals) return;
    signals.invitedBy = outgoing ? 'member' : 'person';
    signals.invitationWithNote = note.trim().length > 0;
    signals.invitedOn = day;
  }

  private recommendation(name: string, day: string | null): void {
    if (!name) return;
    let entry = this.byName.get(name);
    if (!entry)
      this.byName.set(
        detachString(name),
        (entry = { given: 0, received: 0, givenOn: null, receivedOn: null }),
      );
    if (this.file === 'recommendations-received') {
      entry.received++;
      entry.receivedOn = later(entry.receivedOn, day);
    } else {
      entry.given++;
      entry.givenOn = later(entry.givenOn, day);
    }
  }

  private signalsOf(address: string): ArchiveSignals | null {
    const url = normaliseProfileUrl(address);
    if (!url) return null;
    let signals = this.byUrl.get(url);
    if (!signals) this.byUrl.set(detachString(url), (signals = emptyArchiveSignals()));
    return signals;
  }
}

const later = (a: string | null, b: string | null): string | null =>
  b === null ? a : a === null || b > a ? b : a;

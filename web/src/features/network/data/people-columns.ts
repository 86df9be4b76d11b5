import type { Connection } from '@warmpath/contracts';

/**
 * People as the data worker posts them to the page: typed arrays and a table of texts instead of
 * an object per person (docs/workspace-network.md "In the browser"). Structured-cloning 100,000
 * people (25 fields each, a few nested objects) cost the worker ~0.6 s to serialise and the page's
 * main thread ~0.4 s to deserialise at the pooled workspace's scale; as columns the worker writes
 * numbers, each distinct text crosses once (companies, places, dates and categories repeat), and
 * the page builds the objects from them in slices. What does not fit the columns (an export's
 * history, an archive's signals, a person of another shape) travels as it is.
 */
export interface PeopleColumns {
  /** How many people this message carries. */
  count: number;
  /** Texts new to the read (the page appends them to those of the earlier messages). */
  texts: string[];
  /** TEXT_FIELDS.length indexes into the read's texts per person, row after row; -1 for null. */
  fields: Int32Array;
  userIds: Float64Array;
  degrees: Float64Array;
  /** NaN for null (see FLAG_NO_YEARS). */
  years: Float64Array;
  flags: Uint8Array;
  /** positionInfo.category as a text; positionInfo.seniority. */
  categories: Int32Array;
  seniorities: Float64Array;
  /** Which of the read's knownBy lists (people who share a set share its array, as the decoder made them). */
  knownBy: Int32Array;
  /** knownBy lists new to the read: their lengths, then their members one after another. */
  listLengths: Uint32Array;
  listMembers: Float64Array;
  /** strength.band as a text, -1: no strength; strength.score, NaN: none. */
  bands: Int32Array;
  scores: Float64Array;
  /** Fields that are not columns (exportHistory, signals) by person, as they are. */
  extras: Array<[index: number, extra: Partial<Connection>]>;
  /** People of another shape than the columns', whole. */
  whole: Array<[index: number, person: Connection]>;
}

/**
 * The texts of a person, in the order of `fields`. Ids, names and addresses are one person's each
 * and are not looked up in the table; the others (companies, places, dates) are, so they cross once.
 */
const TEXT_FIELDS = [
  'id',
  'firstName',
  'lastName',
  'company',
  'position',
  'email',
  'linkedinUrl',
  'avatarUrl',
  'notes',
  'industry',
  'location',
  'connectedOn',
  'createdAt',
] as const;
const isNumber = (value: unknown): boolean => typeof value === 'number';

const FLAG_IS_USER = 1;
const FLAG_IS_TEAMMATE = 2;
const FLAG_HAS_WORKED_WITH = 4;
const FLAG_NO_YEARS = 8;
const FLAG_HAS_IS_SOURCE = 16;
const FLAG_IS_SOURCE = 32;

/** The keys every person in columns has; OPTIONAL_KEYS may be there too. */
const REQUIRED_KEYS = TEXT_FIELDS.length + 9;
const OPTIONAL_KEYS = ['isSource', 'strength', 'exportHistory', 'signals'] as const;

/** Whether the columns carry `person` exactly (else it travels whole); its knownBy is checked apart. */
function fitsColumns(person: Connection): boolean {
  let keys = REQUIRED_KEYS;
  for (const key of OPTIONAL_KEYS) if (key in person) keys++;
  if (Object.keys(person).length !== keys) return false;
  const { positionInfo, strength } = person;
  if (
    typeof person.id !== 'string' ||
    typeof person.firstName !== 'string' ||
    typeof person.lastName !== 'string' ||
    typeof person.createdAt !== 'string' ||
    !isText(person.company) ||
    !isText(person.position) ||
    !isText(person.email) ||
    !isText(person.linkedinUrl) ||
    !isText(person.avatarUrl) ||
    !isText(person.notes) ||
    !isText(person.industry) ||
    !isText(person.location) ||
    !isText(person.connectedOn) ||
    typeof person.userId !== 'number' ||
    typeof person.connectionDegree !== 'number' ||
    (person.yearsConnected !== null &&
      (typeof person.yearsConnected !== 'number' || Number.isNaN(person.yearsConnected))) ||
    typeof person.isUser !== 'boolean' ||
    typeof person.isTeammate !== 'boolean' ||
    typeof person.hasWorkedWith !== 'boolean' ||
    ('isSource' in person && typeof person.isSource !== 'boolean') ||
    person.type !== 'connection' ||
    !Array.isArray(person.knownBy) ||
    typeof positionInfo !== 'object' ||
    positionInfo === null ||
    typeof positionInfo.category !== 'string' ||
    typeof positionInfo.seniority !== 'number' ||
    Object.keys(positionInfo).length !== 2
  )
    return false;
  if ('strength' in person) {
    if (typeof strength !== 'object' || strength === null || typeof strength.band !== 'string') return false;
    const hasScore = 'score' in strength;
    if (Object.keys(strength).length !== (hasScore ? 2 : 1)) return false;
    if (hasScore && (typeof strength.score !== 'number' || Number.isNaN(strength.score))) return false;
  }
  return true;
}

const textAt = (texts: readonly string[], index: number): string | null => (index < 0 ? null : texts[index]);
const isText = (value: unknown): boolean => value === null || typeof value === 'string';

/**
 * Writes people into columns, message after message: the texts and knownBy lists already sent
 * are named by number, so each crosses to the page once per read.
 */
export class PeopleColumnWriter {
  private readonly textIndex = new Map<string, number>();
  private textCount = 0;
  private readonly listIndex = new Map<readonly number[], number>();

  /** `people[from, to)` as columns. */
  write(people: readonly Connection[], from: number, to: number): PeopleColumns {
    const count = Math.max(0, Math.min(to, people.length) - from);
    const texts: string[] = [];
    const lengths: number[] = [];
    const members: number[] = [];
    const columns: Omit<PeopleColumns, 'listLengths' | 'listMembers'> = {
      count,
      texts,
      fields: new Int32Array(count * TEXT_FIELDS.length),
      userIds: new Float64Array(count),
      degrees: new Float64Array(count),
      years: new Float64Array(count),
      flags: new Uint8Array(count),
      categories: new Int32Array(count),
      seniorities: new Float64Array(count),
      knownBy: new Int32Array(count),
      bands: new Int32Array(count),
      scores: new Float64Array(count),
      extras: [],
      whole: [],
    };
    const shared = (value: string): number => {
      let index = this.textIndex.get(value);
      if (index === undefined) {
        index = this.textCount++;
        texts.push(value);
        this.textIndex.set(value, index);
      }
      return index;
    };
    const own = (value: string): number => {
      texts.push(value);
      return this.textCount++;
    };
    const { fields } = columns;
    const width = TEXT_FIELDS.length;
    for (let k = 0; k < count; k++) {
      const person = people[from + k];
      let list = this.listIndex.get(person.knownBy);
      if (!fitsColumns(person) || (list === undefined && !person.knownBy.every(isNumber))) {
        columns.whole.push([k, person]);
        continue;
      }
      const at = k * width;
      fields[at] = own(person.id);
      fields[at + 1] = own(person.firstName);
      fields[at + 2] = own(person.lastName);
      fields[at + 3] = person.company === null ? -1 : shared(person.company);
      fields[at + 4] = person.position === null ? -1 : shared(person.position);
      fields[at + 5] = person.email === null ? -1 : own(person.email);
      fields[at + 6] = person.linkedinUrl === null ? -1 : own(person.linkedinUrl);
      fields[at + 7] = person.avatarUrl === null ? -1 : own(person.avatarUrl);
      fields[at + 8] = person.notes === null ? -1 : own(person.notes);
      fields[at + 9] = person.industry === null ? -1 : shared(person.industry);
      fields[at + 10] = person.location === null ? -1 : shared(person.location);
      fields[at + 11] = person.connectedOn === null ? -1 : shared(person.connectedOn);
      fields[at + 12] = shared(person.createdAt);
      columns.userIds[k] = person.userId;
      columns.degrees[k] = person.connectionDegree;
      columns.years[k] = person.yearsConnected ?? Number.NaN;
      columns.flags[k] =
        (person.isUser ? FLAG_IS_USER : 0) |
        (person.isTeammate ? FLAG_IS_TEAMMATE : 0) |
        (person.hasWorkedWith ? FLAG_HAS_WORKED_WITH : 0) |
        (person.yearsConnected === null ? FLAG_NO_YEARS : 0) |
        ('isSource' in person ? FLAG_HAS_IS_SOURCE : 0) |
        (person.isSource ? FLAG_IS_SOURCE : 0);
      columns.categories[k] = shared(person.positionInfo.category);
      columns.seniorities[k] = person.positionInfo.seniority;
      if (list === undefined) {
        list = this.listIndex.size;
        this.listIndex.set(person.knownBy, list);
        lengths.push(person.knownBy.length);
        for (const userId of person.knownBy) members.push(userId);
      }
      columns.knownBy[k] = list;
      columns.bands[k] = person.strength ? shared(person.strength.band) : -1;
      columns.scores[k] = person.strength?.score ?? Number.NaN;
      if ('exportHistory' in person || 'signals' in person) {
        const extra: Partial<Connection> = {};
        if ('exportHistory' in person) extra.exportHistory = person.exportHistory;
        if ('signals' in person) extra.signals = person.signals;
        columns.extras.push([k, extra]);
      }
    }
    return { ...columns, listLengths: Uint32Array.from(lengths), listMembers: Float64Array.from(members) };
  }
}

/** The buffers to transfer with a PeopleColumns message. */
export function peopleColumnBuffers(columns: PeopleColumns): ArrayBuffer[] {
  const { fields, userIds, degrees, years, flags, categories, seniorities, knownBy } = columns;
  const { listLengths, listMembers, bands, scores } = columns;
  return [
    fields,
    userIds,
    degrees,
    years,
    flags,
    categories,
    seniorities,
    knownBy,
    listLengths,
    listMembers,
    bands,
    scores,
  ].map((array) => array.buffer as ArrayBuffer);
}

/**
 * Reads a PeopleColumnWriter's messages back, in order: the people equal to the worker's, each knownBy
 * set one array shared by the people who have it (treat them as read-only, as the decoder's).
 */
export class PeopleColumnReader {
  private readonly texts: string[] = [];
  private readonly lists: number[][] = [];

  read(columns: PeopleColumns): Connection[] {
    const { texts, lists } = this;
    for (const value of columns.texts) texts.push(value);
    let member = 0;
    for (const length of columns.listLengths) {
      lists.push(Array.from(columns.listMembers.subarray(member, member + length)));
      member += length;
    }
    const { fields, userIds, degrees, years, flags, categories, seniorities, knownBy, bands, scores } =
      columns;
    const width = TEXT_FIELDS.length;
    const people = new Array<Connection>(columns.count);
    let whole = 0;
    for (let k = 0; k < columns.count; k++) {
      if (whole < columns.whole.length && columns.whole[whole][0] === k) {
        people[k] = columns.whole[whole++][1];
        continue;
      }
      const at = k * width;
      const flag = flags[k];
      const person: Connection = {
        id: texts[fields[at]],
        userId: userIds[k],
        firstName: texts[fields[at + 1]],
        lastName: texts[fields[at + 2]],
        company: textAt(texts, fields[at + 3]),
        position: textAt(texts, fields[at + 4]),
        email: textAt(texts, fields[at + 5]),
        linkedinUrl: textAt(texts, fields[at + 6]),
        avatarUrl: textAt(texts, fields[at + 7]),
        notes: textAt(texts, fields[at + 8]),
        industry: textAt(texts, fields[at + 9]),
        location: textAt(texts, fields[at + 10]),
        connectionDegree: degrees[k],
        yearsConnected: flag & FLAG_NO_YEARS ? null : years[k],
        connectedOn: textAt(texts, fields[at + 11]),
        createdAt: texts[fields[at + 12]],
        isUser: (flag & FLAG_IS_USER) !== 0,
        isTeammate: (flag & FLAG_IS_TEAMMATE) !== 0,
        hasWorkedWith: (flag & FLAG_HAS_WORKED_WITH) !== 0,
        type: 'connection',
        positionInfo: {
          category: texts[categories[k]] as Connection['positionInfo']['category'],
          seniority: seniorities[k],
        },
        knownBy: lists[knownBy[k]],
      };
      if (flag & FLAG_HAS_IS_SOURCE) person.isSource = (flag & FLAG_IS_SOURCE) !== 0;
      if (bands[k] >= 0) {
        const band = texts[bands[k]] as NonNullable<Connection['strength']>['band'];
        person.strength = Number.isNaN(scores[k]) ? { band } : { score: scores[k], band };
      }
      people[k] = person;
    }
    for (const [k, extra] of columns.extras) Object.assign(people[k], extra);
    return people;
  }
}

import { normaliseProfileUrl } from '../import/normalise-profile-url.js';
import { detachString } from '../text/detach-string.js';
import { isoDay, parseArchiveTime } from './archive-date.js';
import { ARCHIVE_HEADER_SEARCH_ROWS, archiveColumns } from './archive-header.js';
import { ANSWERED_WITHIN_DAYS, type ArchiveSignals, emptyArchiveSignals } from './archive-signals.js';

const MESSAGE_COLUMNS = {
  conversation: ['conversationid'],
  sender: ['senderprofileurl'],
  recipients: ['recipientprofileurls', 'recipientprofileurl'],
  date: ['date', 'sentat'],
} as const;
type MessageColumn = keyof typeof MESSAGE_COLUMNS;

/** One participant's messages in one conversation: a count and the first and last times. */
interface Voice {
  count: number;
  first: number;
  last: number;
}

/** What one read of messages.csv found, besides the signals. */
export interface MessageReadStats {
  messagesRead: number;
  /** Rows whose date could not be read: counted as messages, not dated. */
  undatedMessages: number;
  conversations: number;
  /** False when the member could not be told apart from the others (then no message counts). */
  memberFound: boolean;
}

const DAY_MS = 86_400_000;

/**
 * Reads messages.csv row by row and keeps, per conversation, only who wrote how many messages and
 * when: the content, subject and names cells are never looked at. The member is the participant
 * of the most conversations (every conversation of the export is theirs).
 */
export class MessageSignalsReader {
  private columns: Record<MessageColumn, number> | null = null;
  private headerRows = 0;
  private readonly conversations = new Map<string, Map<string, Voice>>();
  private readonly stats: MessageReadStats = {
    messagesRead: 0,
    undatedMessages: 0,
    conversations: 0,
    memberFound: false,
  };

  /** One row of the file, header included. */
  row(cells: readonly string[]): void {
    if (!this.columns) {
      if (this.headerRows++ < ARCHIVE_HEADER_SEARCH_ROWS)
        this.columns = archiveColumns<MessageColumn>(cells, MESSAGE_COLUMNS, ['conversation', 'sender']);
      return;
    }
    const sender = normaliseProfileUrl(cells[this.columns.sender]);
    const id = cells[this.columns.conversation]?.trim();
    if (!sender || !id) return;
    this.stats.messagesRead++;
    const time = this.columns.date >= 0 ? parseArchiveTime(cells[this.columns.date]) : null;
    if (time === null) this.stats.undatedMessages++;
    let voices = this.conversations.get(id);
    if (!voices) this.conversations.set(detachString(id), (voices = new Map()));
    speak(voices, sender, time);
    const recipients = this.columns.recipients >= 0 ? (cells[this.columns.recipients] ?? '') : '';
    for (const part of recipients.split(/[;,]/)) {
      const url = normaliseProfileUrl(part);
      if (url && !voices.has(url))
        voices.set(detachString(url), { count: 0, first: Infinity, last: -Infinity });
    }
  }

  /** True once a header was found: the file is a messages file. */
  get recognised(): boolean {
    return this.columns !== null;
  }

  /**
   * The signals per counterpart (canonical profile URL), folded into `into`. `memberUrl`: the
   * member's own address when another file names it (Invitations.csv); it settles who the member
   * is when the messages alone cannot (a single conversation of two).
   */
  finish(into: Map<string, ArchiveSignals>, memberUrl: string | null = null): MessageReadStats {
    this.stats.conversations = this.conversations.size;
    const member = memberUrl && this.takesPart(memberUrl) ? memberUrl : this.member();
    this.stats.memberFound = member !== null;
    if (member === null) return this.stats;
    for (const voices of this.conversations.values()) {
      const own = voices.get(member);
      if (!own) continue;
      const group = voices.size > 2;
      for (const [url, voice] of voices) {
        if (url === member) continue;
        let signals = into.get(url);
        if (!signals) into.set(url, (signals = emptyArchiveSignals()));
        addConversation(signals, own, voice, group);
      }
    }
    this.conversations.clear();
    return this.stats;
  }

  private takesPart(url: string): boolean {
    for (const voices of this.conversations.values()) if (voices.has(url)) return true;
    return false;
  }

  private member(): string | null {
    const seen = new Map<string, { conversations: number; messages: number }>();
    for (const voices of this.conversations.values())
      for (const [url, voice] of voices) {
        const entry = seen.get(url) ?? { conversations: 0, messages: 0 };
        entry.conversations++;
        entry.messages += voice.count;
        seen.set(url, entry);
      }
    const ranked = [...seen].sort(
      ([, a], [, b]) => b.conversations - a.conversations || b.messages - a.messages,
    );
    const [first, second] = ranked;
    if (!first) return null;
    const tied =
      second &&
      second[1].conversations === first[1].conversations &&
      second[1].messages === first[1].messages;
    return tied ? null : first[0];
  }
}

function speak(voices: Map<string, Voice>, url: string, time: number | null): void {
  let voice = voices.get(url);
  if (!voice) voices.set(detachString(url), (voice = { count: 0, first: Infinity, last: -Infinity }));
  voice.count++;
  if (time !== null) {
    voice.first = Math.min(voice.first, time);
    voice.last = Math.max(voice.last, time);
  }
}

/** Adds one conversation of the member (`own`) with a counterpart (`their`) to the signals. */
function addConversation(signals: ArchiveSignals, own: Voice, their: Voice, group: boolean): void {
  const messages = own.count + their.count;
  if (messages === 0) return;
  signals.messagesSent += own.count;
  signals.messagesReceived += their.count;
  if (group) {
    signals.groupMessages += messages;
    signals.groupConversations++;
  } else signals.directConversations++;
  const first = Math.min(own.first, their.first);
  const last = Math.max(own.last, their.last);
  if (Number.isFinite(first)) signals.firstMessageOn = earlier(signals.firstMessageOn, isoDay(first));
  if (!Number.isFinite(last)) return;
  const lastDay = isoDay(last);
  if (signals.lastMessageOn !== null && signals.lastMessageOn > lastDay) return;
  // This conversation holds the latest exchange: did it go both ways?
  signals.lastMessageOn = lastDay;
  signals.lastMessageAnswered =
    own.count > 0 && their.count > 0 && Math.abs(own.last - their.last) <= ANSWERED_WITHIN_DAYS * DAY_MS;
}

const earlier = (a: string | null, b: string): string => (a === null || b < a ? b : a);

import { type ArchiveSignals, daysSince } from './archive-signals.js';

/** Who the sentences are about, and what else is known of the tie. */
export interface TieStory {
  /** The knower as the sentence names them: 'You' for the member reading, else a name. */
  knower: string;
  /** The person known. */
  person: string;
  signals: ArchiveSignals | null;
  /** Where they worked together, when known, with the years if known. */
  pastColleague: { company: string | null; from: number | null; to: number | null } | null;
  yearsConnected: number | null;
}

/** A sentence and the archive file it comes from (null for facts of the connection itself). */
export interface TieFact {
  text: string;
  source: ArchiveFile | null;
}

export type ArchiveFile =
  | 'messages.csv'
  | 'Invitations.csv'
  | 'Endorsement_Received_Info.csv'
  | 'Endorsement_Given_Info.csv'
  | 'Recommendations_Received.csv'
  | 'Recommendations_Given.csv'
  | 'Positions.csv'
  | 'Connections.csv';

/**
 * The tie in words, strongest evidence first: "You exchanged 48 messages with Ana Silva, the last
 * 12 days ago", "Ana Silva recommended you in 2023", "You worked together at Globex (2018–2021)".
 */
export function explainTie(story: TieStory, today: Date): TieFact[] {
  const facts: TieFact[] = [];
  const { signals } = story;
  if (signals) {
    const messages = messageSentence(story, signals, today);
    if (messages) facts.push({ text: messages, source: 'messages.csv' });
    facts.push(...recommendationFacts(story, signals));
  }
  const colleague = colleagueSentence(story);
  if (colleague) facts.push({ text: colleague, source: 'Positions.csv' });
  if (signals) {
    facts.push(...endorsementFacts(story, signals));
    const invitation = invitationSentence(story, signals);
    if (invitation) facts.push({ text: invitation, source: 'Invitations.csv' });
  }
  const years = yearsSentence(story.yearsConnected);
  if (years) facts.push({ text: years, source: 'Connections.csv' });
  return facts;
}

function messageSentence(story: TieStory, signals: ArchiveSignals, today: Date): string | null {
  const total = signals.messagesSent + signals.messagesReceived;
  if (total === 0) return null;
  const days = daysSince(signals.lastMessageOn, today);
  const when = agoPhrase(days);
  const last = when ? `, the last ${days !== null && days <= 1 ? 'one ' : ''}${when}` : '';
  if (signals.groupMessages >= total) {
    const chats = plural(signals.groupConversations, 'group chat');
    return `${story.knower} and ${story.person} were in ${chats} together${last}`;
  }
  if (signals.messagesReceived === 0)
    return `${story.knower} wrote ${plural(total, 'message')} to ${story.person}, never answered${last}`;
  if (signals.messagesSent === 0)
    return `${story.person} wrote ${plural(total, 'message')} to ${objectOf(story.knower)}, never answered${last}`;
  return `${story.knower} exchanged ${plural(total, 'message')} with ${story.person}${last}`;
}

function recommendationFacts(story: TieStory, signals: ArchiveSignals): TieFact[] {
  const facts: TieFact[] = [];
  if (signals.recommendationsReceived > 0)
    facts.push({
      text: `${story.person} recommended ${objectOf(story.knower)}${inYear(signals.recommendationReceivedOn)}`,
      source: 'Recommendations_Received.csv',
    });
  if (signals.recommendationsGiven > 0)
    facts.push({
      text: `${story.knower} recommended ${story.person}${inYear(signals.recommendationGivenOn)}`,
      source: 'Recommendations_Given.csv',
    });
  return facts;
}

function endorsementFacts(story: TieStory, signals: ArchiveSignals): TieFact[] {
  const facts: TieFact[] = [];
  if (signals.endorsementsReceived > 0)
    facts.push({
      text: `${story.person} endorsed ${objectOf(story.knower)} for ${plural(signals.endorsementsReceived, 'skill')}`,
      source: 'Endorsement_Received_Info.csv',
    });
  if (signals.endorsementsGiven > 0)
    facts.push({
      text: `${story.knower} endorsed ${story.person} for ${plural(signals.endorsementsGiven, 'skill')}`,
      source: 'Endorsement_Given_Info.csv',
    });
  return facts;
}

function invitationSentence(story: TieStory, signals: ArchiveSignals): string | null {
  if (!signals.invitedBy) return null;
  const note = signals.invitationWithNote ? ' with a personal note' : '';
  const when = inYear(signals.invitedOn);
  return signals.invitedBy === 'member'
    ? `${story.knower} invited ${story.person} to connect${note}${when}`
    : `${story.person} invited ${objectOf(story.knower)} to connect${note}${when}`;
}

function colleagueSentence(story: TieStory): string | null {
  const colleague = story.pastColleague;
  if (!colleague) return null;
  const subject = story.knower === 'You' ? 'You' : `${story.knower} and ${story.person}`;
  const company = colleague.company?.trim();
  if (!company) return `${subject} worked together`;
  const { from, to } = colleague;
  const period = from !== null && to !== null ? ` (${from}–${to})` : from !== null ? ` (from ${from})` : '';
  return `${subject} worked together at ${company}${period}`;
}

function yearsSentence(years: number | null): string | null {
  if (years === null) return null;
  if (years < 1) return 'Connected less than a year ago';
  return `Connected ${plural(years, 'year')} ago`;
}

/** "today", "yesterday", "12 days ago", "3 months ago", "2 years ago". */
export function agoPhrase(days: number | null): string | null {
  if (days === null) return null;
  if (days === 0) return 'today';
  if (days === 1) return 'yesterday';
  if (days < 60) return `${days} days ago`;
  if (days < 730) return `${Math.floor(days / 30.44)} months ago`;
  return `${Math.floor(days / 365.25)} years ago`;
}

const objectOf = (knower: string): string => (knower === 'You' ? 'you' : knower);
const inYear = (isoDay: string | null): string => (isoDay ? ` in ${isoDay.slice(0, 4)}` : '');
const plural = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? '' : 's'}`;

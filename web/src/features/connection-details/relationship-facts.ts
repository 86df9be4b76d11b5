import type { ArchiveSignalsView } from '@warmpath/contracts';
import { formatDate } from '../network';

/** One fact of the archive about a tie, with the file of the LinkedIn archive it comes from. */
export interface RelationshipFact {
  key: string;
  label: string;
  text: string;
  source: string;
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/**
 * The archive's facts about a tie, counts and dates only (docs/warmth.md#signals-per-member-person):
 * messages, conversations, the last message, the invitation, endorsements and recommendations each
 * way. `knower` is 'You' or the teammate whose archive it is; `person` the person's name.
 */
export function relationshipFacts(
  signals: ArchiveSignalsView,
  knower: string,
  person: string,
): RelationshipFact[] {
  const you = knower === 'You';
  const object = you ? 'you' : knower;
  const facts: RelationshipFact[] = [];
  const add = (key: string, label: string, text: string, source: string) =>
    facts.push({ key, label, text, source });
  if (signals.messagesSent + signals.messagesReceived > 0) {
    add(
      'sent',
      you ? 'Messages sent' : `Messages ${knower} sent`,
      String(signals.messagesSent),
      'messages.csv',
    );
    add(
      'received',
      you ? 'Messages received' : `Messages ${knower} received`,
      String(signals.messagesReceived),
      'messages.csv',
    );
    const chats = [
      signals.directConversations > 0 ? plural(signals.directConversations, 'one-to-one') : null,
      signals.groupConversations > 0 ? plural(signals.groupConversations, 'group chat') : null,
    ].filter((part): part is string => part !== null);
    if (chats.length > 0) add('conversations', 'Conversations', chats.join(', '), 'messages.csv');
    if (signals.lastMessageOn) {
      const answered =
        signals.lastMessageAnswered === true
          ? ', answered'
          : signals.lastMessageAnswered === false
            ? ', not answered'
            : '';
      add('last', 'Last message', `${formatDate(signals.lastMessageOn)}${answered}`, 'messages.csv');
    }
  }
  if (signals.invitedBy) {
    const who =
      signals.invitedBy === 'member' ? `${knower} invited ${person}` : `${person} invited ${object}`;
    const note = signals.invitationWithNote ? ' with a personal note' : '';
    const when = signals.invitedOn ? ` on ${formatDate(signals.invitedOn)}` : '';
    add('invitation', 'Invitation', `${who}${note}${when}`, 'Invitations.csv');
  }
  if (signals.endorsementsGiven > 0)
    add(
      'endorsed',
      'Endorsements given',
      `${knower} endorsed ${person} for ${plural(signals.endorsementsGiven, 'skill')}`,
      'Endorsement_Given_Info.csv',
    );
  if (signals.endorsementsReceived > 0)
    add(
      'endorsed-by',
      'Endorsements received',
      `${person} endorsed ${object} for ${plural(signals.endorsementsReceived, 'skill')}`,
      'Endorsement_Received_Info.csv',
    );
  if (signals.recommendationsGiven > 0)
    add(
      'recommended',
      'Recommendations given',
      `${knower} recommended ${person}${onDay(signals.recommendationGivenOn)}`,
      'Recommendations_Given.csv',
    );
  if (signals.recommendationsReceived > 0)
    add(
      'recommended-by',
      'Recommendations received',
      `${person} recommended ${object}${onDay(signals.recommendationReceivedOn)}`,
      'Recommendations_Received.csv',
    );
  return facts;
}

const onDay = (isoDay: string | null) => (isoDay ? ` on ${formatDate(isoDay)}` : '');

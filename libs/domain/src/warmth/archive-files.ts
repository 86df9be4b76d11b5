import { type RelationFile } from './relation-signals.js';

export type SignalFile = 'messages' | RelationFile;

/**
 * The archive's files that carry relationship signals, under each name the exports are known to
 * use (matched in any folder and any case: "messages.csv" and "Messages.csv" are one). Any of
 * them may be missing; a missing file says nothing.
 */
export const SIGNAL_FILE_NAMES: Record<SignalFile, readonly string[]> = {
  messages: ['messages.csv'],
  invitations: ['Invitations.csv'],
  'endorsements-received': ['Endorsement_Received_Info.csv', 'Endorsement_Received.csv'],
  'endorsements-given': ['Endorsement_Given_Info.csv', 'Endorsement_Given.csv'],
  'recommendations-received': ['Recommendations_Received.csv'],
  'recommendations-given': ['Recommendations_Given.csv'],
};

export const SIGNAL_FILES = Object.keys(SIGNAL_FILE_NAMES) as SignalFile[];

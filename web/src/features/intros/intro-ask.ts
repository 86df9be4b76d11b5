import { STORED_CONNECTION_ID, type Connection, type WarmPathView } from '@warmpath/contracts';
import { fullName } from '@warmpath/domain';

/** Whom an ask goes to: the teammate before the person on the warmest path, or (unnamed) whoever knows them best. */
export type IntroAsk =
  | { kind: 'named'; connectorUserId: number; connectorName: string }
  | { kind: 'anonymous'; targetName: string };

/**
 * Whether the viewer can ask a teammate for an introduction to `person`, and whom. Nobody asks for
 * people they know themselves, for a teammate, or for someone no other member knows. A member
 * sharing only counts is never on a path, so a person only they know is asked for unnamed: the
 * service picks the member who knows them best and names them only if they choose.
 */
export function introAsk(
  person: Connection,
  path: WarmPathView | undefined,
  viewerId: number | null,
): IntroAsk | null {
  if (person.isUser || person.isTeammate || person.isSource || !STORED_CONNECTION_ID.test(person.id))
    return null;
  if (viewerId !== null && person.knownBy.includes(viewerId)) return null;
  const before = path?.found && path.toId === person.id ? path.nodes[path.nodes.length - 2] : undefined;
  if (before?.isTeammate && !before.isSource && before.userId !== viewerId) {
    return {
      kind: 'named',
      connectorUserId: before.userId,
      connectorName: fullName(before) || 'your teammate',
    };
  }
  const others = person.knownBy.filter((userId) => userId > 0 && userId !== viewerId);
  return others.length > 0 ? { kind: 'anonymous', targetName: fullName(person) || 'this person' } : null;
}

/** The button's and the dialog's title. */
export function askLabel(ask: IntroAsk): string {
  return ask.kind === 'named'
    ? `Ask ${ask.connectorName} for an intro`
    : `Ask a teammate who knows ${ask.targetName}`;
}

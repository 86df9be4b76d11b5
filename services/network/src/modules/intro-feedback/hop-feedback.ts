import type { Connection, WarmPathHopView, WarmPathView } from '@warmpath/contracts';
import { explainFeedback, fullName } from '@warmpath/domain';
import type { PooledTeamNetwork } from '../team-graph/team-networks.service.js';
import type { WorkspaceFeedback } from './workspace-feedback.js';

/**
 * A workspace path with its feedback in words (docs/warmth.md#feedback-from-introductions): a knows
 * hop whose own tie has feedback is explained by it ("Alice Stone introduced someone to Ben Ortiz
 * in March 2026"); feedback on other members' ties to the same person follows, so a path that goes
 * around a lowered tie says why. Connectors sharing `counts` never reach here (workspaceFeedback).
 */
export function withFeedbackWords(
  view: WarmPathView,
  network: PooledTeamNetwork,
  feedback: WorkspaceFeedback,
): WarmPathView {
  if (!view.found || feedback.byPerson.size === 0) return view;
  const nodes = new Map(view.nodes.map((node) => [node.id, node] as const));
  const hops = view.hops.map((hop) => {
    if (hop.kind !== 'knows') return hop;
    const from = nodes.get(hop.fromId);
    const to = nodes.get(hop.toId);
    if (!from || !to) return hop;
    const [knower, person] = isUserNode(from) ? [from, to] : [to, from];
    return explainHop(hop, knower, person, network, feedback);
  });
  return { ...view, hops };
}

function explainHop(
  hop: WarmPathHopView,
  knower: Connection,
  person: Connection,
  network: PooledTeamNetwork,
  feedback: WorkspaceFeedback,
): WarmPathHopView {
  const ties = feedback.byPerson.get(person.id);
  if (!ties) return hop;
  const personName = fullName(person) || 'Someone';
  const words = ties.map((tie) => ({
    kind: tie.kind,
    at: tie.at,
    connectorUserId: tie.connectorUserId,
    thisTie: tie.connectorUserId === knower.userId,
    text: explainFeedback(connectorName(network, tie.connectorUserId), personName, tie),
  }));
  const own = words.find((word) => word.thisTie);
  const others = words.filter((word) => !word.thisTie).map((word) => word.text);
  const first = own ? own.text : hop.explanation;
  return { ...hop, explanation: [first, ...others].join('. '), feedback: words };
}

function connectorName(network: PooledTeamNetwork, userId: number): string {
  if (userId === network.state.viewerId) return 'You';
  const node = network.pooled.teammates.find((teammate) => teammate.userId === userId);
  return (node && fullName(node)) || 'A teammate';
}

const isUserNode = (node: Connection): boolean => node.isUser || node.isTeammate === true;

import {
  GRAPH_NODE_ID,
  INTRO_FIELD_MAX_CHARS,
  type Connection,
  type IntroPerson,
  type User,
  type WarmIntroRequest,
  type WarmPathView,
} from '@warmpath/contracts';
import { displayName, fullName } from '@warmpath/domain';
import { degreeLabel } from '../network';

/** Names and titles come from CSV files: long ones are cut to what the API accepts. */
const clip = (text: string | null | undefined): string | null =>
  text ? Array.from(text).slice(0, INTRO_FIELD_MAX_CHARS).join('') : null;

function introPerson(
  person: Pick<Connection, 'firstName' | 'lastName' | 'position' | 'company'>,
): IntroPerson {
  return { name: clip(fullName(person)), position: clip(person.position), company: clip(person.company) };
}

/** The person just before the target on the warmest path, when someone stands between you. */
export function pathIntermediary(path: WarmPathView | undefined): Connection | null {
  if (!path?.found || path.nodes.length < 3) return null;
  return path.nodes[path.nodes.length - 2] ?? null;
}

/**
 * The warm-intro request of product-spec §3: the target, the person before them on the warmest
 * path (left out when the path is unknown, so the server fills it from its own path), and you.
 * Never e-mails, notes or profile links.
 */
export function buildWarmIntroRequest(
  target: Connection,
  path: WarmPathView | undefined,
  user: User | null,
  ownNode: Connection | null,
): WarmIntroRequest {
  const intermediary = pathIntermediary(path);
  const request: WarmIntroRequest = {
    target: { ...introPerson(target), connectionType: degreeLabel(target) },
    user: {
      name: clip(user ? displayName(user) : ownNode ? fullName(ownNode) : null),
      position: clip(ownNode?.position),
      company: clip(ownNode?.company),
    },
  };
  if (path?.found) request.intermediary = intermediary ? introPerson(intermediary) : null;
  if (GRAPH_NODE_ID.test(target.id)) request.targetId = target.id;
  return request;
}

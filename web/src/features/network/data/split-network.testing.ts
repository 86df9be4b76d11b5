import { COMPACT_NETWORK_MEDIA_TYPE, type Connection, type SharingLevel } from '@warmpath/contracts';
import {
  baseNetwork,
  encodeNetwork,
  poolNetwork,
  pooledWireNetwork,
  poolWorkspace,
  viewerPatch,
  type PoolMember,
} from '@warmpath/domain';
import { buildTestConnection } from '../../../lib/testing/connections.testing';

export const TEAM = 7;
export const TEAM_URL = `http://localhost/api/teams/${TEAM}/network`;

/** Someone a member knows: one record of theirs (ids are unique across members, as stored). */
const record = (userId: number, n: number, person: Partial<Connection>): Connection =>
  buildTestConnection({ id: `${userId}-${n}`, userId, knownBy: [userId], ...person });

/**
 * A small workspace, pooled by libs/domain: you (1, names), Ben (2, profiles), Cy (3, counts).
 * People met on a URL spelled differently, on name + company, known by one or all, notes, e-mails,
 * one company with people of every member.
 */
export function smallWorkspace(extraOfYours: Partial<Connection>[] = []): PoolMember[] {
  const member = (userId: number, sharing: SharingLevel, people: Partial<Connection>[]): PoolMember => ({
    node: buildTestConnection({
      id: `u${userId}`,
      userId,
      firstName: `M${userId}`,
      email: `m${userId}@example.com`,
      notes: 'my own notes',
      isUser: true,
      connectionDegree: 0,
      knownBy: [],
    }),
    sharing,
    people: people.map((person, n) => record(userId, n, person)),
  });
  const gil = { firstName: 'Gil', company: 'Acme', linkedinUrl: 'https://www.linkedin.com/in/gil' };
  return [
    member(1, 'names', [
      { ...gil, notes: 'met at a meetup', email: 'gil@example.com' },
      { firstName: 'Hal', company: 'Globex', linkedinUrl: 'https://linkedin.com/in/hal/' },
      { firstName: 'Ivy', company: 'Acme', position: 'CEO' },
      ...extraOfYours,
    ]),
    member(2, 'profiles', [
      { ...gil, linkedinUrl: 'HTTP://LINKEDIN.COM/IN/GIL/?trk=x', position: 'VP Engineering' },
      { firstName: 'Finn', company: 'Initech', linkedinUrl: 'https://www.linkedin.com/in/finn' },
      { firstName: 'Ivy', company: 'Acme', position: 'CEO' },
      { firstName: 'Jo', company: 'Acme' },
    ]),
    member(3, 'counts', [
      { ...gil },
      { firstName: 'Hal', company: 'Globex', linkedinUrl: 'https://www.linkedin.com/in/hal' },
      { firstName: 'Kim', company: 'Vault Inc' },
      { firstName: 'Lu', company: 'Acme' },
    ]),
  ];
}

/** An answer with an ETag (and `headers`); a bare 304 when the request already holds it. */
export function answer(
  request: Request,
  etag: string,
  body: unknown,
  type = 'application/json',
  headers: Record<string, string> = {},
): Response {
  if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304 });
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': type, etag, ...headers },
  });
}

export const compact = (
  request: Request,
  etag: string,
  body: unknown,
  headers: Record<string, string> = {},
) => answer(request, etag, body, COMPACT_NETWORK_MEDIA_TYPE, headers);

/** GET /api/network's answer: the own network of `version` (X-Network-Version), compact. */
export const ownAnswer = (request: Request, etag: string, body: unknown, version: string) =>
  compact(request, etag, body, { 'x-network-version': version });

/** What the server answers for a workspace version, as the routes encode it. */
export function served(members: readonly PoolMember[], viewerId: number) {
  const shared = poolWorkspace(members);
  const viewer = members.find((m) => m.node.userId === viewerId) as PoolMember;
  return {
    base: encodeNetwork(baseNetwork(shared, TEAM)),
    patch: viewerPatch(shared, viewerId),
    own: encodeNetwork({ connections: [viewer.node, ...viewer.people], relationships: [], companies: [] }),
    perViewer: encodeNetwork(pooledWireNetwork(poolNetwork(viewerId, members), TEAM), {
      companyLinksOwner: viewerId,
    }),
  };
}

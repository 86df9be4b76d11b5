import { describe, expect, it } from '@jest/globals';
import type { Connection, Relationship, SharingLevel } from '@warmpath/contracts';
import { createHash } from 'node:crypto';
import { buildConnection } from '../../test/build-connection.js';
import { seededRandom } from '../../test/random.js';
import { toKnowsLink } from '../pooling/graph-links.js';
import type { PoolMember } from '../pooling/pool-network.js';
import { poolWorkspace } from '../pooling/shared-pool.js';
import { mergeView, viewerOverlay } from '../pooling/viewer-overlay.js';
import { positionInfo } from '../position/function-category.js';
import type { WireNetwork } from './compact-network.js';
import { baseNetwork } from '../pooling/shared-base.js';
import { runToEnd } from '../pooling/slices.js';
import {
  compactJsonInSlices,
  compactJsonPieces,
  encodeNetwork,
  encodeNetworkInSlices,
} from './encode-network.js';

// The compact bytes every reader of a generated workspace gets, pinned by their SHA-256 as the
// encoder wrote them before it stopped building a string per person and per link
// (docs/performance.md#where-a-readers-cpu-goes): a change to any byte a reader may see fails here.

const LEVELS: readonly SharingLevel[] = ['names', 'profiles', 'emails', 'counts'];
const COMPANIES = ['Acme', 'ACME, Inc.', 'Globex', 'Initech', 'Freelance', null];
const POSITIONS = ['Software Engineer', 'CEO', 'Recruiter', null];

/** Six members (one a source, negative id) on every sharing level, people known by one to four. */
function workspace(): PoolMember[] {
  const random = seededRandom(2026);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const universe = Array.from({ length: 240 }, (_, index) => ({
    firstName: `P${index}`,
    lastName: pick(['Test', 'Núñez', 'Ortiz']),
    url: random() < 0.3 ? null : `https://www.linkedin.com/in/p-${index}`,
  }));
  let id = 100;
  return [1, 2, 3, 4, -5, 6].map((userId, member) => ({
    node: buildConnection({
      id: `u${userId}`,
      userId,
      firstName: `M${userId}`,
      isUser: true,
      connectionDegree: 0,
      knownBy: [],
    }),
    sharing: LEVELS[member % LEVELS.length] as SharingLevel,
    people: universe
      .filter(() => random() < 0.45)
      .map((person) => {
        const position = pick(POSITIONS);
        return buildConnection({
          id: String(id++),
          userId,
          knownBy: [userId],
          firstName: person.firstName,
          lastName: person.lastName,
          company: pick(COMPANIES),
          position,
          positionInfo: positionInfo(position),
          linkedinUrl: person.url,
          email: random() < 0.5 ? `${person.firstName}.${userId}@example.com` : null,
          notes: random() < 0.2 ? `notes of ${userId}` : null,
          yearsConnected: random() < 0.2 ? null : Math.floor(random() * 12),
          hasWorkedWith: random() < 0.2,
          ...(random() < 0.4 ? { strength: { score: Math.floor(random() * 100), band: 'medium' } } : {}),
          ...(random() < 0.1
            ? {
                exportHistory: {
                  absentSince: null,
                  previousCompany: 'Initech',
                  previousPosition: null,
                  jobChangedAt: '2026-01-15T00:00:00.000Z',
                },
              }
            : {}),
        });
      }),
  }));
}

/** What the network service encodes for a reader (team-snapshot.service.ts teamNetworkData). */
function readerView(members: PoolMember[], viewerId: number): WireNetwork {
  const shared = poolWorkspace(members);
  const pooled = mergeView(shared, viewerOverlay(shared, viewerId));
  return {
    connections: [pooled.self, ...pooled.teammates, ...pooled.people],
    relationships: [...pooled.knowsLinks, ...pooled.teammateLinks, ...pooled.companyLinks],
    companies: pooled.companies,
    workspace: { teamId: 7, members: pooled.members, otherCompanyPeople: pooled.otherCompanyPeople },
  };
}

const digest = (value: unknown): string =>
  createHash('sha256').update(JSON.stringify(value)).digest('base64url');

describe('encodeNetwork bytes', () => {
  const members = workspace();

  it('gives every reader of a pooled workspace the bytes it gave before', () => {
    const digests = [1, 2, 3, 4, -5, 6].map((viewerId) =>
      digest(encodeNetwork(readerView(members, viewerId), { companyLinksOwner: viewerId })),
    );
    expect(digests).toEqual(READER_DIGESTS);
  });

  it('keeps link ids that only look like their default, and knownBy lists of any length', () => {
    const people: Connection[] = [
      buildConnection({ id: '7', knownBy: [1] }),
      buildConnection({ id: '8-9', knownBy: [1, 2] }),
      buildConnection({ id: '9', knownBy: [2, 1] }),
      buildConnection({ id: '10', knownBy: [] }),
      buildConnection({ id: '11', knownBy: [12] }),
      buildConnection({ id: '12', knownBy: [1, 2, 3] }),
    ];
    const knows = (id: string, sourceId: string, targetId: string): Relationship => ({
      ...toKnowsLink(people[0] as Connection, 1),
      id,
      sourceId,
      targetId,
    });
    const relationships = [
      knows('u1-7', 'u1', '7'),
      knows('u1-8-9', 'u1', '8-9'),
      knows('u1-8-9', 'u1-8', '9'),
      knows('u1-79', 'u1', '7'),
      knows('u1_7', 'u1', '7'),
      knows('u1-7x', 'u1', '7'),
      knows('xu1-7', 'u1', '7'),
      knows('u1--7', 'u1', '7'),
      knows('-', '', ''),
    ];
    const encoded = encodeNetwork({ connections: people, relationships, companies: [] });
    expect(encoded.links.id.map((ref) => (ref === 0 ? null : encoded.strings[ref - 1]))).toEqual([
      null,
      null,
      null,
      'u1-79',
      'u1_7',
      'u1-7x',
      'xu1-7',
      'u1--7',
      null,
    ]);
    expect(encoded.people.knownByLists).toEqual([[1], [1, 2], [2, 1], [], [12], [1, 2, 3]]);
    expect(encoded.people.knownBy).toEqual([0, 1, 2, 3, 4, 5]);
    expect(digest(encoded)).toBe(EDGE_DIGEST);
  });

  it('gives the bytes it gave before past its small maps, to links out of order and to shared ids', () => {
    // More distinct first names and link ends than a column's small map holds, texts shared
    // between columns, runs of one text, links in no order of their people, ends that are no node,
    // and two nodes with one id (a link to it is to the last of them).
    const random = seededRandom(7);
    const count = 70_000;
    const people = Array.from({ length: count }, (_, i) =>
      buildConnection({
        id: i === 500 ? '9' : String(i + 9),
        firstName: `F${i}`,
        lastName: i % 3 === 0 ? `F${(i * 7) % count}` : `L${i % 50}`,
        company: i % 1000 < 600 ? 'Acme' : `Co ${Math.floor(random() * 80_000)}`,
        position: i % 5 === 0 ? null : `Acme`,
        createdAt: `2026-01-0${1 + Math.floor(i / 20_000)}T00:00:00.000Z`,
      }),
    );
    const relationships: Relationship[] = Array.from({ length: count * 2 }, (_, i) => {
      const from = i % 7 === 0 ? people[Math.floor(random() * count)] : people[i >> 1];
      const to = people[Math.floor(random() * count)] as Connection;
      const link = toKnowsLink(to, 1 + (i % 3));
      return {
        ...link,
        sourceId: i % 1001 === 0 ? 'nobody' : (from as Connection).id,
        company: i % 4 === 0 ? 'Acme' : null,
      };
    });
    const encoded = encodeNetwork({ connections: people, relationships, companies: [] });
    expect(encoded.links.target[relationships.findIndex((link) => link.targetId === '9')]).not.toBe('9');
    expect(digest(encoded)).toBe(LARGE_DIGEST);
  });

  it("writes the base's text in slices as JSON.stringify writes it, pausing between them", () => {
    const base = baseNetwork(poolWorkspace(members), 7);
    const steps = encodeNetworkInSlices(base);
    let step = steps.next();
    while (!step.done) step = steps.next();
    expect(step.value).toStrictEqual(encodeNetwork(base));
    const text = compactJsonInSlices(step.value);
    let pauses = 0;
    let written = text.next();
    for (; !written.done; written = text.next()) pauses++;
    expect(written.value).toBe(JSON.stringify(encodeNetwork(base)));
    expect(pauses).toBeGreaterThan(20);
    for (const viewerId of [1, -5]) {
      const compact = encodeNetwork(readerView(members, viewerId), { companyLinksOwner: viewerId });
      expect(runToEnd(compactJsonInSlices(compact))).toBe(JSON.stringify(compact));
    }
  });

  it("gives the base's text in pieces that join into JSON.stringify's, no piece holding two columns", () => {
    const compact = encodeNetwork(baseNetwork(poolWorkspace(members), 7));
    const pieces = [...compactJsonPieces(compact)];
    expect(pieces.join('')).toBe(JSON.stringify(compact));
    // Each column's values are a piece of their own: the longest piece is one column, not the text.
    const columns = Object.values(compact.people).filter((values) => values !== undefined);
    const longestColumn = Math.max(...columns.map((values) => JSON.stringify(values).length));
    expect(Math.max(...pieces.map((piece) => piece.length))).toBe(
      Math.max(longestColumn, JSON.stringify(compact.strings).length + '"strings":'.length + 1),
    );
    for (const viewerId of [1, -5]) {
      const viewer = encodeNetwork(readerView(members, viewerId), { companyLinksOwner: viewerId });
      expect([...compactJsonPieces(viewer)].join('')).toBe(JSON.stringify(viewer));
    }
  });
});

/** Taken with the encoder before the change, viewers 1, 2, 3, 4, -5, 6. */
const READER_DIGESTS = [
  'OhCM3noXZSNAIOmtpFI9w4tndouE_MIgiLF3aqFjpJo',
  'zHIOcXywOiYRIAoV9Y8kJ9UJQ94G7CgGbVDpRaO366s',
  'YGmpMd1XhWBlfqrEE_pIwoY9ugkuI6odzUBUGlfLO58',
  'eGwqfZo_RzrN3nPRdUnHNV76kRUW4mn-lBX3d5G2D7M',
  'LB0vjBsbLruDTVMfZHi2TRcj9Yu1eZdZAASoceNjqws',
  '1C_5HC8UEB3pkCtN1XWZSRBwJrqsB4D7_KkC4Bg9bDs',
];
const LARGE_DIGEST = 'qH_emR7Tbh5aUema57_ud_5THW27hmdAmdOYx_fJFDU';
const EDGE_DIGEST = 'f3nKuWOxj28jjCMPYK0dd8m94N7Ua4cOwnWhSgQhbNQ';

import type { Connection } from '@warmpath/contracts';
import { encodeNetwork, decodeNetwork } from '@warmpath/domain';
import { describe, expect, it } from 'vitest';
import { buildTestConnection, buildTestNetwork } from '../../../lib/testing/connections.testing';
import {
  PeopleColumnReader,
  PeopleColumnWriter,
  peopleColumnBuffers,
  type PeopleColumns,
} from './people-columns';

/** `people` written in messages of `size` and read back in order, as the page does. */
function roundTrip(
  people: readonly Connection[],
  size: number,
): { back: Connection[]; messages: PeopleColumns[] } {
  const writer = new PeopleColumnWriter();
  const reader = new PeopleColumnReader();
  const messages: PeopleColumns[] = [];
  const back: Connection[] = [];
  for (let i = 0; i < people.length; i += size) {
    // A structured clone, as postMessage makes it (the buffers would be transferred).
    const columns = structuredClone(writer.write(people, i, i + size));
    messages.push(columns);
    back.push(...reader.read(columns));
  }
  return { back, messages };
}

describe('people as columns', () => {
  const sharedKnownBy = [1, 2, 5];
  const people: Connection[] = [
    buildTestConnection({
      id: 'u1',
      isUser: true,
      connectionDegree: 0,
      company: null,
      position: null,
      knownBy: [],
    }),
    buildTestConnection({
      id: '2',
      firstName: 'Ben',
      email: 'ben@example.com',
      linkedinUrl: 'https://www.linkedin.com/in/ben',
      avatarUrl: 'https://example.com/ben.png',
      notes: 'met at the fair',
      industry: 'Software',
      location: 'Lisbon',
      yearsConnected: 2.5,
      connectedOn: '2022-01-03',
      hasWorkedWith: true,
      knownBy: sharedKnownBy,
      strength: { score: 73, band: 'strong' },
    }),
    buildTestConnection({
      id: '3',
      firstName: 'Chen',
      yearsConnected: 0,
      knownBy: sharedKnownBy,
      strength: { band: 'weak' },
    }),
    buildTestConnection({
      id: 'u4',
      isTeammate: true,
      isSource: true,
      connectionDegree: 2,
      positionInfo: { category: 'sales', seniority: 9 },
      exportHistory: {
        absentSince: null,
        previousCompany: 'Globex',
        previousPosition: 'CTO',
        jobChangedAt: '2025-02-01',
      },
    }),
    buildTestConnection({ id: '5', isSource: false, userId: 2 ** 40, knownBy: [2 ** 40, 3] }),
    buildTestConnection({
      id: '6',
      signals: { messages: 12, lastMessageAt: '2025-03-01' } as unknown as Connection['signals'],
    }),
  ];

  it('come back exactly equal to the objects, in one message or several', () => {
    for (const size of [people.length, 4, 1]) {
      const { back } = roundTrip(people, size);
      expect(back).toStrictEqual(people);
    }
  });

  it('keep a knownBy set that people shared one array on the page, and cross each repeated text once', () => {
    const { back, messages } = roundTrip(people, 2);
    expect(back[1].knownBy).toBe(back[2].knownBy);
    expect(back[0].knownBy).not.toBe(back[3].knownBy);
    const texts = messages.flatMap((columns) => columns.texts);
    expect(texts.filter((text) => text === 'Acme')).toHaveLength(1);
    expect(texts.filter((text) => text === '2024-05-01T10:00:00.000Z')).toHaveLength(1);
  });

  it('send a person of another shape as it is', () => {
    const odd = { ...buildTestConnection({ id: '7' }), nickname: 'Sev' } as Connection;
    const noYears = { ...buildTestConnection({ id: '8' }), yearsConnected: Number.NaN };
    const partly = buildTestConnection({ id: '9' }) as Partial<Connection>;
    delete partly.position;
    const list = [people[1], odd, noYears, partly as Connection, people[2]];
    const { back, messages } = roundTrip(list, list.length);
    expect(back).toStrictEqual(list);
    expect(messages[0].whole.map(([index]) => index)).toEqual([1, 2, 3]);
  });

  it('come back equal to what the compact decoder made of a network', () => {
    const network = buildTestNetwork([
      { firstName: 'Ana', company: 'Acme', knownBy: [1, 2] },
      { firstName: 'Ben', company: 'Acme', knownBy: [1, 2] },
      { firstName: 'Zelda', company: null, connectionDegree: 2, knownBy: [2] },
    ]);
    const decoded = decodeNetwork(encodeNetwork(network)).connections;
    expect(roundTrip(decoded, 2).back).toStrictEqual(decoded);
  });

  it('name every array buffer for the transfer', () => {
    const columns = new PeopleColumnWriter().write(people, 0, people.length);
    expect(new Set(peopleColumnBuffers(columns)).size).toBe(12);
  });
});

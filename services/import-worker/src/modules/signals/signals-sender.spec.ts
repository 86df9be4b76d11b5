import { describe, expect, it } from '@jest/globals';
import { SIGNALS_BATCH_PEOPLE, type ImportSignalsRequest } from '@warmpath/contracts';
import { emptyArchiveSignals } from '@warmpath/domain';
import type { BusClient } from '@warmpath/server-kit';
import type { CollectedSignals } from './signal-collector.js';
import { sendSignals, toBatches } from './signals-sender.js';

const TARGET = { importId: '4b0a4c4e-9a53-4b8f-a1a4-0d3c2f1e5a60', userId: 7 };
const collected = (people: number, recommendations: number): CollectedSignals => ({
  people: Array.from({ length: people }, (_, i) => [
    `https://www.linkedin.com/in/p${i}`,
    { ...emptyArchiveSignals(), messagesSent: 2 },
  ]),
  recommendations: Array.from({ length: recommendations }, (_, i) => [
    `person ${i}`,
    { given: 1, received: 0, givenOn: null, receivedOn: null },
  ]),
  files: { messages: 10, 'recommendations-given': recommendations },
  unreadable: ['invitations'],
  messages: { messagesRead: 10, undatedMessages: 0, conversations: 3, memberFound: true },
});

describe('toBatches', () => {
  it('sends people, then recommendations, in batches, the last one final', () => {
    const batches = toBatches(collected(SIGNALS_BATCH_PEOPLE + 1, 2), TARGET);
    expect(batches.map((batch) => [batch.people.length, batch.recommendations.length, batch.final])).toEqual([
      [SIGNALS_BATCH_PEOPLE, 0, false],
      [1, 0, false],
      [0, 2, true],
    ]);
  });

  it('sends one final batch even with nobody in it, so older signals are replaced', () => {
    expect(toBatches(collected(0, 0), TARGET)).toEqual([
      { ...TARGET, people: [], recommendations: [], final: true },
    ]);
  });
});

describe('sendSignals', () => {
  it('adds up what the network service matched and ignored into the report', async () => {
    const sent: ImportSignalsRequest[] = [];
    const bus = {
      request: async (_contract: unknown, request: ImportSignalsRequest) => {
        sent.push(request);
        return {
          matched: request.people.length - 1,
          ignoredPeople: 1,
          ignoredMessages: 2,
          strengthChanges: request.final ? 1 : 0,
        };
      },
    } as unknown as BusClient;
    const report = await sendSignals(bus, collected(3, 0), TARGET, 1000);
    expect(sent).toHaveLength(1);
    expect(report).toEqual({
      files: [
        { name: 'messages.csv', rows: 10 },
        { name: 'Recommendations_Given.csv', rows: 0 },
      ],
      unreadableFiles: ['Invitations.csv'],
      messages: 10,
      connections: 2,
      ignoredPeople: 1,
      ignoredMessages: 2,
      strengthChanges: 1,
    });
  });

  it('counts no strength change from a network service that does not answer them', async () => {
    const bus = {
      request: async (_contract: unknown, request: ImportSignalsRequest) => ({
        matched: request.people.length,
        ignoredPeople: 0,
        ignoredMessages: 0,
      }),
    } as unknown as BusClient;
    const report = await sendSignals(bus, collected(3, 0), TARGET, 1000);
    expect(report.strengthChanges).toBe(0);
  });

  it('sends nothing when no file was recognised', async () => {
    const bus = {
      request: async () => Promise.reject(new Error('must not be called')),
    } as unknown as BusClient;
    const nothing = { ...collected(0, 0), files: {} };
    await expect(sendSignals(bus, nothing, TARGET, 1000)).resolves.toMatchObject({
      files: [],
      connections: 0,
    });
  });
});

import { describe, expect, it } from '@jest/globals';
import { NETWORK_GRAPH_TIMEOUT_MS } from '@warmpath/contracts';
import type { BusClient, RequestOptions } from '@warmpath/server-kit';
import { TargetListSeenController } from './target-list-seen.controller.js';
import { TargetListsController } from './target-lists.controller.js';

const LIST_ID = '0b6f3a52-6c1e-4f57-9c39-5a1f2f7f1f00';

/** A bus that answers at once and keeps the options of every request. */
function fakeBus() {
  const asked: { subject: string; options: RequestOptions | undefined }[] = [];
  const bus = {
    request: async (contract: { subject: string }, _payload: unknown, options?: RequestOptions) => {
      asked.push({ subject: contract.subject, options });
      return { lists: [] };
    },
  } as unknown as BusClient;
  return { bus, asked };
}

// The list index and "seen" match lists against the network, which a new version (a member's
// import) or a cold workspace builds first: seconds on a busy machine (docs/targets.md#routes).
describe('target list reads that match lists', () => {
  it('give the list index, own and a workspace’s, the budget of a network read', async () => {
    const { bus, asked } = fakeBus();
    const controller = new TargetListsController(bus);
    await controller.listOwn(7);
    await controller.listTeam(7, '5');
    expect(asked.map((request) => request.options?.timeoutMs)).toEqual([
      NETWORK_GRAPH_TIMEOUT_MS,
      NETWORK_GRAPH_TIMEOUT_MS,
    ]);
  });

  it('give marking a list seen the budget of a network read', async () => {
    const { bus, asked } = fakeBus();
    const controller = new TargetListSeenController(bus);
    await controller.seenOwn(7, LIST_ID);
    await controller.seenTeam(7, '5', LIST_ID);
    expect(asked.map((request) => request.options?.timeoutMs)).toEqual([
      NETWORK_GRAPH_TIMEOUT_MS,
      NETWORK_GRAPH_TIMEOUT_MS,
    ]);
  });
});

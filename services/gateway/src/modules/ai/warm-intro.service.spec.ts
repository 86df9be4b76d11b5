import { describe, expect, it } from '@jest/globals';
import { aiContracts, type GenerateIntroRequest, type WarmIntroRequest } from '@warmpath/contracts';
import type { BusClient, RequestOptions } from '@warmpath/server-kit';
import { loadAiRouteConfig } from './ai-route.config.js';
import { WarmIntroService } from './warm-intro.service.js';

const person = { name: 'Ana Silva', position: 'CTO', company: 'Acme' };
const body: WarmIntroRequest = { target: { ...person, connectionType: '2nd' }, user: person, intermediary: null };

/** Records what the service asks of the bus; the real bus path is covered by the ai integration tests. */
function recordingBus() {
  const calls: { subject: string; payload: GenerateIntroRequest; options?: RequestOptions }[] = [];
  const bus = {
    request: async (contract: { subject: string }, payload: GenerateIntroRequest, options?: RequestOptions) => {
      calls.push({ subject: contract.subject, payload, options });
      return { intro: 'Hi Ana, would you introduce me?', provider: 'built-in' as const };
    },
  };
  return { calls, bus: bus as unknown as BusClient };
}

describe('WarmIntroService', () => {
  it('asks ai.intro.generate as the signed-in user, waiting a little longer than the AI budget', async () => {
    const { calls, bus } = recordingBus();
    const service = new WarmIntroService(bus, loadAiRouteConfig({ AI_TIMEOUT_MS: '1000' }));
    await expect(service.generate(42, body)).resolves.toMatchObject({ provider: 'built-in' });
    expect(calls).toEqual([{ subject: aiContracts.generateIntro.subject, payload: { userId: 42, request: body }, options: { timeoutMs: 3000 } }]);
  });

  it('keeps the intermediary the client chose', async () => {
    const { calls, bus } = recordingBus();
    const request = { ...body, intermediary: person, targetId: '17' };
    await new WarmIntroService(bus, loadAiRouteConfig({})).generate(1, request);
    expect(calls[0]?.payload).toEqual({ userId: 1, request });
    expect(calls[0]?.options?.timeoutMs).toBe(22_000);
  });

  it('refuses an invalid AI_TIMEOUT_MS at boot', () => {
    expect(() => loadAiRouteConfig({ AI_TIMEOUT_MS: 'soon' })).toThrow(/AI_TIMEOUT_MS/);
  });
});

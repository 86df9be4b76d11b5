import { describe, expect, it } from '@jest/globals';
import {
  aiContracts,
  networkPathContracts,
  type Connection,
  type GenerateIntroRequest,
  type WarmIntroRequest,
  type WarmPathHopView,
  type WarmPathView,
} from '@warmpath/contracts';
import { ServiceError, type BusClient, type RequestOptions } from '@warmpath/server-kit';
import type { Logger } from 'pino';
import { loadAiRouteConfig } from './ai-route.config.js';
import { WarmIntroService } from './warm-intro.service.js';

const person = { name: 'Sam Carter', position: 'Product Manager', company: 'Initech' };
const body: WarmIntroRequest = {
  target: { name: 'Ben Okafor', position: 'Head of Sales', company: 'Globex', connectionType: '2nd' },
  user: person,
};

function node(
  id: string,
  firstName: string,
  lastName: string,
  position: string | null,
  company: string | null,
): Connection {
  return {
    id,
    userId: 7,
    firstName,
    lastName,
    company,
    position,
    email: `${firstName}@mail.test`,
    linkedinUrl: null,
    avatarUrl: null,
    notes: 'private note',
    industry: null,
    location: null,
    connectionDegree: id === 'u7' ? 0 : 1,
    yearsConnected: null,
    connectedOn: null,
    createdAt: '2024-01-01',
    isUser: id === 'u7',
    isTeammate: false,
    hasWorkedWith: false,
    type: 'connection',
    positionInfo: { category: 'other', seniority: 3 },
    knownBy: [7],
  };
}

function hop(facts: Partial<WarmPathHopView> = {}): WarmPathHopView {
  return {
    fromId: 'a',
    toId: 'b',
    warmth: 0.5,
    explanation: 'You know them',
    kind: 'knows',
    linkId: 'l1',
    yearsConnected: null,
    workedTogether: false,
    sharedCompany: null,
    sameFunction: false,
    ...facts,
  };
}

const you = node('u7', 'Sam', 'Carter', 'Product Manager', 'Initech');
const ana = node('11', 'Ana', 'Silva', 'Engineering Manager', 'Globex');
const ben = node('12', 'Ben', 'Okafor', 'Head of Sales', 'Globex');

function path(nodes: Connection[], hops: WarmPathHopView[]): WarmPathView {
  return { found: true, fromId: 'u7', toId: '12', warmth: 0.4, nodes, links: [], hops, version: 'v1' };
}

/** Answers the path lookup from the test and records what reaches ai.intro.generate; the real bus is covered by the ai integration tests. */
function setup(pathAnswer: WarmPathView | ServiceError = path([you, ben], [hop()])) {
  const intros: { payload: GenerateIntroRequest; options?: RequestOptions }[] = [];
  const warnings: unknown[] = [];
  const bus = {
    request: async (
      contract: { subject: string },
      payload: GenerateIntroRequest,
      options?: RequestOptions,
    ) => {
      if (contract.subject === networkPathContracts.findPath.subject) {
        if (pathAnswer instanceof ServiceError) throw pathAnswer;
        return pathAnswer;
      }
      expect(contract.subject).toBe(aiContracts.generateIntro.subject);
      intros.push({ payload: aiContracts.generateIntro.request.parse(payload), options });
      return { intro: 'Hi Ana, would you introduce me?', provider: 'built-in' as const };
    },
  };
  const logger = { warn: (...args: unknown[]) => warnings.push(args) };
  const service = new WarmIntroService(
    bus as unknown as BusClient,
    loadAiRouteConfig({ AI_TIMEOUT_MS: '1000' }),
    logger as unknown as Logger,
  );
  return { service, intros, warnings };
}

describe('WarmIntroService', () => {
  it('asks ai.intro.generate as the signed-in user, waiting a little longer than the AI budget', async () => {
    const { service, intros } = setup();
    await expect(service.generate(42, body)).resolves.toMatchObject({ provider: 'built-in' });
    expect(intros).toEqual([{ payload: { userId: 42, request: body }, options: { timeoutMs: 3000 } }]);
  });

  it('keeps the intermediary the client chose, without asking for the path', async () => {
    const { service, intros } = setup(new ServiceError('INTERNAL', 'must not be asked'));
    const request = { ...body, intermediary: person, targetId: '12' };
    await service.generate(1, request);
    expect(intros[0]?.payload).toEqual({ userId: 1, request });
  });

  it('fills the intermediary and the hop facts from the warmest path, without e-mails or notes', async () => {
    const { service, intros } = setup(
      path(
        [you, ana, ben],
        [hop({ yearsConnected: 6 }), hop({ kind: 'company', sharedCompany: 'Globex', sameFunction: true })],
      ),
    );
    await service.generate(7, { ...body, targetId: '12' });
    const sent = intros[0]?.payload;
    expect(sent?.request.intermediary).toEqual({
      name: 'Ana Silva',
      position: 'Engineering Manager',
      company: 'Globex',
    });
    expect(sent?.relationship).toEqual({
      userToIntermediary: {
        yearsConnected: 6,
        sharedCompany: null,
        workedTogether: false,
        sameFunction: false,
      },
      intermediaryToTarget: {
        yearsConnected: null,
        sharedCompany: 'Globex',
        workedTogether: false,
        sameFunction: true,
      },
    });
    expect(JSON.stringify(sent)).not.toMatch(/@mail|private note/);
  });

  it('takes the person before the target on a longer path, without claiming the user knows them', async () => {
    const carl = node('13', 'Carl', 'Jung', null, 'Umbrella');
    const { service, intros } = setup(
      path([you, carl, ana, ben], [hop({ yearsConnected: 2 }), hop(), hop({ workedTogether: true })]),
    );
    await service.generate(7, { ...body, targetId: '12' });
    expect(intros[0]?.payload.request.intermediary?.name).toBe('Ana Silva');
    expect(intros[0]?.payload.relationship).toEqual({
      intermediaryToTarget: {
        yearsConnected: null,
        sharedCompany: null,
        workedTogether: true,
        sameFunction: false,
      },
    });
  });

  it('writes to the target directly when the user knows them', async () => {
    const { service, intros } = setup(path([you, ben], [hop({ yearsConnected: 3 })]));
    await service.generate(7, { ...body, targetId: '12' });
    expect(intros[0]?.payload.request.intermediary).toBeNull();
    expect(intros[0]?.payload.relationship?.userToTarget?.yearsConnected).toBe(3);
  });

  it('still writes the intro when the target is unknown or the path service is down', async () => {
    for (const failure of [
      new ServiceError('NOT_FOUND', 'Connection not found'),
      new ServiceError('SERVICE_UNAVAILABLE', 'down'),
    ]) {
      const { service, intros } = setup(failure);
      await expect(service.generate(7, { ...body, targetId: '12' })).resolves.toMatchObject({
        provider: 'built-in',
      });
      expect(intros[0]?.payload).toEqual({ userId: 7, request: { ...body, targetId: '12' } });
    }
  });

  it('uses the default 20 s AI budget, and refuses an invalid AI_TIMEOUT_MS at boot', () => {
    expect(loadAiRouteConfig({}).busTimeoutMs).toBe(22_000);
    expect(() => loadAiRouteConfig({ AI_TIMEOUT_MS: 'soon' })).toThrow(/AI_TIMEOUT_MS/);
  });
});

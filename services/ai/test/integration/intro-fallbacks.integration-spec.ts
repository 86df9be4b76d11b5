import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { aiContracts } from '@warmpath/contracts';
import { ServiceError } from '@warmpath/server-kit';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { INTRO_MESSAGES } from '../../src/modules/intro/intro.exception.js';
import { bootAi, type RunningAi } from './support/boot-ai.js';

const sam = { name: 'Sam Carter', position: 'Product Manager', company: 'Initech' };
const ana = { name: 'Ana Silva', position: 'Engineering Manager', company: 'Globex' };
const ben = { name: 'Ben Okafor', position: 'Head of Sales', company: 'Globex', connectionType: '2nd' };

describe('ai.intro.generate without a model', () => {
  let ai: RunningAi;
  beforeAll(async () => {
    ai = await bootAi({});
  });
  afterAll(async () => {
    await ai?.close();
  });

  it('answers with the built-in writer, naming who, through whom and why', async () => {
    const answer = await ai.bus.request(aiContracts.generateIntro, {
      userId: 1,
      request: { target: ben, intermediary: ana, user: sam },
      relationship: { userToIntermediary: { yearsConnected: 4 } },
    });
    expect(answer.provider).toBe('built-in');
    expect(answer.model).toBeUndefined();
    expect(answer.intro).toMatch(/^Hi Ana,/);
    expect(answer.intro).toContain('Ben Okafor, Head of Sales at Globex');
    expect(answer.intro).toContain("It's been 4 years since we connected");
    expect(answer.intro).toMatch(/Sam$/);
  });

  it('writes to the target directly when there is no intermediary', async () => {
    const answer = await ai.bus.request(aiContracts.generateIntro, {
      userId: 1,
      request: { target: ben, user: sam },
    });
    expect(answer.intro).toMatch(/^Hi Ben,/);
  });

  it('applies the per-user limits to the built-in writer too', async () => {
    for (let i = 0; i < 10; i++)
      await ai.bus.request(aiContracts.generateIntro, { userId: 2, request: { target: ben, user: sam } });
    await expect(
      ai.bus.request(aiContracts.generateIntro, { userId: 2, request: { target: ben, user: sam } }),
    ).rejects.toMatchObject({
      code: 'RATE_LIMITED',
    });
  });

  it('refuses an invalid request over the bus', async () => {
    const reply = await ai.nc.request(
      `${ai.prefix}.${aiContracts.generateIntro.subject}`,
      new TextEncoder().encode('{"userId":1}'),
      {
        timeout: 5000,
      },
    );
    expect(JSON.parse(new TextDecoder().decode(reply.data))).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION_FAILED' },
    });
  });
});

describe('ai.intro.generate with an unreachable model server', () => {
  let ai: RunningAi;
  beforeAll(async () => {
    ai = await bootAi({
      AI_BASE_URL: `http://127.0.0.1:${await closedPort()}/v1`,
      AI_MODEL: 'm',
      AI_TIMEOUT_MS: '3000',
    });
  });
  afterAll(async () => {
    await ai?.close();
  });

  it('answers 502 "could not be reached" quickly instead of hanging', async () => {
    const started = Date.now();
    const error = await ai.bus
      .request(aiContracts.generateIntro, { userId: 1, request: { target: ben, user: sam } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ code: 'UPSTREAM_FAILED', message: INTRO_MESSAGES.unreachable });
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

/** A port that was free a moment ago and has nothing listening on it now. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

import { expect, test } from '@playwright/test';
import type { NetworkData } from '@warmpath/contracts';
import { startService, stopService, waitForHealth } from '../support/stack-control.js';
import { queryDatabase, seedNetwork, signedInUser, yearsAgo, type SeedPerson } from './network.testing.js';

// Runs alone, no other spec beside it (docs/developer-guide.md#the-loop): it stops and starts the
// network service of the shared stack.
test.describe.configure({ lock: '-exclusive-' });

test.describe('GET /api/network at scale and without its service', () => {
  test('serves a 30,000-connection network, far over the 1 MB NATS payload limit', async ({ request }) => {
    test.setTimeout(120_000);
    const { userId } = await signedInUser(request);
    const companies = Array.from({ length: 600 }, (_, i) => `Company ${i}`);
    const titles = [
      'Software Engineer',
      'Product Manager',
      'Account Executive',
      'Director of Sales',
      'Data Scientist',
      'Recruiter',
    ];
    const people: SeedPerson[] = Array.from({ length: 30_000 }, (_, i) => ({
      firstName: `First${i}`,
      lastName: `Last${i}`,
      company: companies[i % companies.length],
      position: titles[i % titles.length],
      connectedOn: yearsAgo(i % 12),
    }));
    const seeded = await seedNetwork(userId, people);
    const response = await request.get('/api/network', { timeout: 60_000 });
    expect(response.status()).toBe(200);
    const body = await response.body();
    expect(body.length).toBeGreaterThan(5 * 1024 * 1024);
    const network = JSON.parse(body.toString('utf8')) as NetworkData;
    expect(network.connections).toHaveLength(30_001);
    expect(network.relationships).toHaveLength(30_000 + seeded.relationships);
    expect(network.companies).toHaveLength(600);
    const [row] = await queryDatabase<{ count: string }>(
      'SELECT count(*) FROM network.connections WHERE owner_user_id = $1',
      [userId],
    );
    expect(Number(row?.count)).toBe(30_000);
  });

  test('every network route answers 503 while the network service is down, and recovers', async ({
    request,
  }) => {
    await signedInUser(request);
    await stopService('network');
    try {
      for (const path of ['/api/network', '/api/network/paths?to=1', '/api/network/stats']) {
        const response = await request.get(path);
        expect(response.status()).toBe(503);
        expect((await response.json()).code).toBe('SERVICE_UNAVAILABLE');
      }
      const patch = await request.patch('/api/network/connections/1', { data: { notes: 'x' } });
      expect(patch.status()).toBe(503);
    } finally {
      await startService('network');
      await waitForHealth((status) => status === 200);
    }
    expect((await request.get('/api/network')).status()).toBe(200);
  });
});

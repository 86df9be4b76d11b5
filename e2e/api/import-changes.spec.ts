import { expect, test, type APIRequestContext } from '@playwright/test';
import type { ImportChangesPage, ImportList, NetworkData } from '@warmpath/contracts';
import { importRows, query, signUp, testerRow } from './import.testing.js';

// What changed since the last export (docs/import.md#what-changed-since-the-last-export): an older
// export, a newer one, the same one again.

const person = testerRow;

const OLDER = [
  person('Ana', 'Globex', 'CTO'),
  person('Ben', 'Acme', 'Engineer'),
  person('Chloe', 'Initech', 'Designer'),
  person('Dan', 'Acme', 'Product Manager'),
];
const NEWER = [
  person('Ana', 'Initech', 'CTO'),
  person('Ben', 'Acme', 'Engineer'),
  person('Dan', 'Acme', 'Senior Product Manager'),
  person('Eve', 'Hooli', 'Analyst'),
];

async function changes(
  request: APIRequestContext,
  importId: string,
  search = '',
): Promise<ImportChangesPage> {
  const response = await request.get(`/api/imports/${importId}/changes${search}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as ImportChangesPage;
}

test.describe('changes since the last export', () => {
  test('reports new people, job changes and people absent, keeps the absent and the notes', async ({
    request,
  }) => {
    const userId = await signUp(request);
    await importRows(request, OLDER);
    const network = (await (await request.get('/api/network')).json()) as NetworkData;
    const chloe = network.connections.find((c) => c.firstName === 'Chloe');
    await request.patch(`/api/network/connections/${chloe?.id}`, { data: { notes: 'Met in Lisbon' } });

    const second = await importRows(request, NEWER);
    expect(second).toMatchObject({ imported: 1, updated: 2, unchanged: 1, jobChanges: 2, absent: 1 });
    const page = await changes(request, second.id);
    expect(page.counts).toEqual({ new: 1, 'job-change': 2, 'strength-change': 0, absent: 1 });
    expect(page.changes.map((c) => `${c.kind} ${c.firstName}`)).toEqual([
      'new Eve',
      'job-change Ana',
      'job-change Dan',
      'absent Chloe',
    ]);
    const moves = await changes(request, second.id, '?kind=job-change');
    expect(moves.changes[0]).toMatchObject({
      firstName: 'Ana',
      before: { company: 'Globex', position: 'CTO' },
      after: { company: 'Initech', position: 'CTO' },
    });
    expect(moves.total).toBe(2);

    const stored = await query<{ first_name: string; notes: string | null; absent: boolean }>(
      `SELECT first_name, notes, absent_since IS NOT NULL AS absent FROM network.connections
       WHERE owner_user_id = $1 ORDER BY first_name`,
      [userId],
    );
    expect(stored.map((row) => `${row.first_name} ${row.absent} ${row.notes}`)).toEqual([
      'Ana false null',
      'Ben false null',
      'Chloe true Met in Lisbon',
      'Dan false null',
      'Eve false null',
    ]);

    const after = (await (await request.get('/api/network')).json()) as NetworkData;
    const history = Object.fromEntries(after.connections.map((c) => [c.firstName, c.exportHistory]));
    expect(history.Ana).toMatchObject({
      previousCompany: 'Globex',
      previousPosition: 'CTO',
      absentSince: null,
    });
    expect(history.Ana?.jobChangedAt).toEqual(expect.any(String));
    expect(history.Chloe?.absentSince).toEqual(expect.any(String));
    expect([history.Ben, history.Eve]).toEqual([undefined, undefined]);

    const third = await importRows(request, NEWER);
    expect(third).toMatchObject({ imported: 0, updated: 0, unchanged: 4, jobChanges: 0, absent: 0 });
    expect((await changes(request, third.id)).total).toBe(0);

    const list = (await (await request.get('/api/imports')).json()) as ImportList;
    expect(list.imports.map((i) => [i.id, i.imported, i.jobChanges, i.absent])).toEqual([
      [third.id, 0, 0, 0],
      [second.id, 1, 2, 1],
      [list.imports[2]?.id, 4, 0, 0],
    ]);
  });

  test('pages through the changes and answers 404 to anyone but the importing user', async ({
    request,
    playwright,
  }) => {
    await signUp(request);
    await importRows(request, OLDER);
    const second = await importRows(request, NEWER);
    const first = await changes(request, second.id, '?pageSize=3');
    const next = await changes(request, second.id, '?pageSize=3&page=2');
    expect([...first.changes, ...next.changes].map((c) => c.firstName)).toEqual([
      'Eve',
      'Ana',
      'Dan',
      'Chloe',
    ]);
    expect((await request.get(`/api/imports/${second.id}/changes?kind=moved`)).status()).toBe(400);

    const other = await playwright.request.newContext({ baseURL: process.env.WARMPATH_URL });
    try {
      await signUp(other);
      const response = await other.get(`/api/imports/${second.id}/changes`);
      expect(response.status()).toBe(404);
      expect(((await (await other.get('/api/imports')).json()) as ImportList).imports).toEqual([]);
    } finally {
      await other.dispose();
    }
  });
});

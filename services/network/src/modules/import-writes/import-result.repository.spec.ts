import { describe, expect, it } from '@jest/globals';
import type { DataSource } from 'typeorm';
import { ImportResultRepository, RESULT_PAGE_MAX_BYTES } from './import-result.repository.js';

/** A fake database holding `people` connections and `links` company links of user 7. */
function repository(people: number, links: number, padding = 0): ImportResultRepository {
  const query = async (sql: string, params: unknown[]) => {
    if (sql.includes('count(*)')) return [{ people, links }];
    const after = Number(params[1]);
    const total = sql.includes('"network"."connections"') ? people : links;
    const ids = Array.from({ length: Math.max(0, Math.min(1000, total - after)) }, (_, i) => after + i + 1);
    if (sql.includes('"network"."connections"')) {
      return ids.map((id) => ({
        id: String(id),
        first_name: 'Ana'.padEnd(3 + padding, 'a'),
        last_name: 'Silva',
        email: null,
        linkedin_url: null,
        company: 'Acme',
        position: 'CTO',
        industry: null,
        location: null,
        connected_on: '2020-01-02',
        category: 'executive',
        seniority: 9,
        notes: null,
        has_worked_with: false,
        created_at: '2026-01-01T00:00:00.000Z',
      }));
    }
    return ids.map((id) => ({
      id: String(id),
      source_id: '1',
      target_id: '2',
      type: 'company-role',
      strength: 150,
      company: 'Acme',
      created_at: 'x',
    }));
  };
  return new ImportResultRepository({ query } as unknown as DataSource);
}

describe('ImportResultRepository.page', () => {
  it('answers a small network in one page, people then links, with the totals', async () => {
    const page = await repository(3, 2).page(7, null, new Date('2026-01-02T00:00:00Z'));
    expect(page).toMatchObject({ totalConnections: 3, totalRelationships: 2, next: null });
    expect(page.connections.map((c) => c.id)).toEqual(['1', '2', '3']);
    expect(page.connections[0]).toMatchObject({
      userId: 7,
      knownBy: [7],
      connectionDegree: 1,
      yearsConnected: 6,
      isUser: false,
    });
    expect(page.relationships.map((r) => r.id)).toEqual(['1', '2']);
  });

  it('cuts pages under the byte budget and goes on where the cursor says, missing nobody', async () => {
    const repo = repository(2500, 1200, 400);
    const seen: string[] = [];
    let links = 0;
    let page = await repo.page(7, null);
    for (;;) {
      expect(
        JSON.stringify(page.connections).length + JSON.stringify(page.relationships).length,
      ).toBeLessThan(RESULT_PAGE_MAX_BYTES * 1.1);
      seen.push(...page.connections.map((c) => c.id));
      links += page.relationships.length;
      if (!page.next) break;
      page = await repo.page(7, page.next);
    }
    expect(seen).toEqual(Array.from({ length: 2500 }, (_, i) => String(i + 1)));
    expect(links).toBe(1200);
  });
});

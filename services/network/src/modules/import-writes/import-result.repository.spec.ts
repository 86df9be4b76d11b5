import { describe, expect, it } from '@jest/globals';
import type { ResultPage } from '@warmpath/contracts';
import { NetworkReader } from '../graph/network-reader.service.js';
import type { NetworkRepository } from '../graph/network.repository.js';
import { buildConnectionRow, FakeNetworkRepository } from '../graph/network-rows.testing.js';
import { ImportResultRepository, RESULT_PAGE_MAX_BYTES } from './import-result.repository.js';

const NOW = new Date('2026-01-02T00:00:00Z');

/**
 * User 7's network of `people` engineers, 20 per company (each company over the full-mesh size,
 * so 19 + 18 links per company), through the real reader and its derived links.
 */
function setup(people: number, padding = 0) {
  const repository = new FakeNetworkRepository();
  repository.networks.set(7, {
    version: '4',
    connections: Array.from({ length: people }, (_, i) =>
      buildConnectionRow({
        id: String(i + 1),
        first_name: 'Ana'.padEnd(3 + padding, 'a'),
        company: `Company ${Math.floor(i / 20)}`,
        position: 'Software Engineer',
        connected_on: '2020-01-02',
      }),
    ).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
  });
  const reader = new NetworkReader(repository as unknown as NetworkRepository);
  return {
    reader,
    results: new ImportResultRepository(reader, repository as unknown as NetworkRepository),
    repository,
  };
}

async function readAll(results: ImportResultRepository): Promise<{ pages: ResultPage[]; first: ResultPage }> {
  const first = await results.page(7, null, NOW);
  const pages = [first];
  while (pages.at(-1)?.next) pages.push(await results.page(7, pages.at(-1)?.next ?? null, NOW));
  return { pages, first };
}

describe('ImportResultRepository.page', () => {
  it('answers a small network in one page, people then their derived links, with the totals', async () => {
    const { results, reader } = setup(3);
    const page = await results.page(7, null, NOW);
    expect(page).toMatchObject({ totalConnections: 3, totalRelationships: 3, next: null });
    expect(page.connections.map((c) => c.id)).toEqual(['1', '2', '3']);
    expect(page.connections[0]).toMatchObject({
      userId: 7,
      knownBy: [7],
      connectionDegree: 1,
      yearsConnected: 6,
      isUser: false,
    });
    // The links GET /api/network lists for the same version, same ids.
    const network = await reader.current(7, undefined, NOW);
    expect(page.relationships).toEqual(network.companyLinks);
    expect(page.relationships.map((r) => r.id).sort()).toEqual(['1-2', '1-3', '2-3']);
  });

  it('cuts pages under the byte budget and goes on where the cursor says, across both phases', async () => {
    const { results, reader } = setup(2500, 400);
    const { pages, first } = await readAll(results);
    expect(pages.length).toBeGreaterThan(3);
    for (const page of pages) {
      expect(
        JSON.stringify(page.connections).length + JSON.stringify(page.relationships).length,
      ).toBeLessThan(RESULT_PAGE_MAX_BYTES * 1.1);
    }
    const network = await reader.current(7, undefined, NOW);
    expect(pages.flatMap((p) => p.connections)).toEqual(network.people);
    expect(pages.flatMap((p) => p.relationships)).toEqual(network.companyLinks);
    expect(first.totalConnections).toBe(2500);
    expect(first.totalRelationships).toBe(125 * (19 + 18));
  });

  it('pages the links by index across a page boundary, missing and repeating none', async () => {
    // Few people, links too many for one page: the boundary falls inside the relationships phase.
    const { results, reader } = setup(20 * 500);
    const { pages } = await readAll(results);
    const linkPhases = pages.filter((p) => p.next?.phase === 'relationships');
    expect(linkPhases.length).toBeGreaterThan(0);
    const network = await reader.current(7, undefined, NOW);
    for (const page of linkPhases) {
      const next = Number(page.next?.afterId);
      // The cursor is the index of the next link: the one the following page starts with.
      const following = pages[pages.indexOf(page) + 1] as ResultPage;
      expect(following.connections).toEqual([]);
      expect(following.relationships[0]).toBe(network.companyLinks[next]);
    }
    const ids = pages.flatMap((p) => p.relationships.map((r) => r.id));
    expect(new Set(ids).size).toBe(network.companyLinks.length);
    expect(ids).toHaveLength(500 * (19 + 18));
  });

  it('goes on after the id in the cursor even when the network changed meanwhile', async () => {
    const { results, repository } = setup(3);
    const rows = repository.networks.get(7);
    if (!rows) throw new Error('no network');
    rows.version = '5';
    rows.connections = rows.connections.filter((row) => row.id !== '2');
    const page = await results.page(7, { phase: 'connections', afterId: '2' }, NOW);
    expect(page.connections.map((c) => c.id)).toEqual(['3']);
    expect(page).toMatchObject({ totalConnections: 0, totalRelationships: 0, next: null });
  });

  it('answers an empty network with zero totals and no pages to follow', async () => {
    const { results } = setup(0);
    expect(await results.page(7, null, NOW)).toEqual({
      connections: [],
      relationships: [],
      totalConnections: 0,
      totalRelationships: 0,
      next: null,
    });
  });

  it('answers only the totals of a network bigger than maxConnections, without loading it', async () => {
    const { results, repository } = setup(30);
    const page = await results.page(7, null, NOW, 20);
    expect(page).toEqual({
      connections: [],
      relationships: [],
      totalConnections: 30,
      totalRelationships: 0,
      next: null,
    });
    expect(repository.loads).toBe(0);
    expect((await results.page(7, null, NOW, 30)).connections).toHaveLength(30);
    expect(repository.loads).toBe(1);
  });
});

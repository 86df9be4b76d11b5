import { applyViewerPatch, decodeNetwork, type CompactNetwork } from '@warmpath/domain';
import { describe, expect, it } from 'vitest';
import { fromLinkColumns } from './link-columns';
import { PeopleColumnReader } from './people-columns';
import { NetworkDataCore } from './network-data-core';
import type { DataRequest, DataResponse, NetworkRead } from './network-data-protocol';
import { APPLY_PATCH_MEASURE, SPLIT_ATTEMPTS } from './split-network-read';
import { answer, compact, ownAnswer, served, smallWorkspace, TEAM_URL } from './split-network.testing';

type Route = (request: Request, call: number) => Response;
type Loaded = Extract<DataResponse, { kind: 'loaded' }>;

const BASE = `${TEAM_URL}/base`;
const PATCH = `${TEAM_URL}/patch`;
const OWN = 'http://localhost/api/network';

/** A core behind a fake server routing on the URL (`call`: how many times that route was asked before). */
function coreOn(routes: Record<string, Route>, options = {}) {
  const seen: Request[] = [];
  const calls = new Map<string, number>();
  const core = new NetworkDataCore(async (input) => {
    const request = input as Request;
    seen.push(request);
    const route = routes[request.url];
    if (!route) return new Response('{"message":"Not Found"}', { status: 404 });
    const call = calls.get(request.url) ?? 0;
    calls.set(request.url, call + 1);
    return route(request, call);
  }, options);
  let id = 0;
  const load = async (held: number | null = null): Promise<DataResponse[]> => {
    const messages: DataResponse[] = [];
    const request: DataRequest = { id: ++id, kind: 'load', url: TEAM_URL, held };
    await core.handle(request, (message) => messages.push(message));
    return messages;
  };
  const loadOwn = () => core.handle({ id: ++id, kind: 'load', url: OWN, held: null }, () => undefined);
  return { load, loadOwn, seen, asked: (url: string) => seen.filter((request) => request.url === url) };
}

/**
 * The routes of one workspace version for a viewer (the per-viewer route among them, as the
 * fallback); your own network is of version '1', the patch made for it.
 */
function routesOf(parts: ReturnType<typeof served>, tags = { base: '"b1"', patch: '"p1"', own: '"o1"' }) {
  return {
    [BASE]: (request: Request) => compact(request, tags.base, parts.base),
    [PATCH]: (request: Request) =>
      answer(request, tags.patch, { base: tags.base, own: '1', patch: parts.patch }),
    [OWN]: (request: Request) => ownAnswer(request, tags.own, parts.own, '1'),
    [TEAM_URL]: (request: Request) => compact(request, '"v1"', parts.perViewer),
  } satisfies Record<string, Route>;
}

const loadedOf = (messages: DataResponse[]) => messages[messages.length - 1] as Loaded;

/** What the page gets: the people, the links (rebuilt from their columns), and the loaded answer's lists. */
function picture(messages: DataResponse[]) {
  const reader = new PeopleColumnReader();
  const people = messages.flatMap((m) => (m.kind === 'people' ? reader.read(m.columns) : []));
  const links = messages.flatMap((m) => (m.kind === 'links' ? fromLinkColumns(m.columns, people) : []));
  const { read: _read, id: _id, dataset: _dataset, ...loaded } = loadedOf(messages);
  return { people, links, loaded };
}

const readOf = (messages: DataResponse[]): NetworkRead => loadedOf(messages).read;

describe('a workspace read as base + viewer patch + own network', () => {
  const members = smallWorkspace();

  it.each([1, 2, 3])(
    'gives viewer %i the very network the per-viewer route gives, without asking that route',
    async (viewerId) => {
      const parts = served(members, viewerId);
      const split = coreOn(routesOf(parts));
      const fromSplit = await split.load();
      const fromRoute = await coreOn(routesOf(parts), { splitReads: false }).load();
      expect(picture(fromSplit)).toEqual(picture(fromRoute));
      // The pooled network indeed: you, two teammates, people known by several members.
      const { people } = picture(fromSplit);
      expect(people[0]).toMatchObject({ id: `u${viewerId}`, isUser: true });
      expect(people.filter((p) => p.isTeammate)).toHaveLength(2);
      expect(people.some((p) => p.knownBy.length > 1)).toBe(true);
      expect(readOf(fromSplit)).toMatchObject({ path: 'split', attempts: 1, fallback: null });
      expect(readOf(fromSplit).applyMs).toBeGreaterThanOrEqual(0);
      expect(split.asked(TEAM_URL)).toHaveLength(0);
      expect(split.asked(BASE)[0].headers.get('accept')).toContain('application/vnd.warmpath.network');
    },
  );

  it('records the time of each apply on the timeline (bench:workspace reads it)', async () => {
    const before = performance.getEntriesByName(APPLY_PATCH_MEASURE).length;
    await coreOn(routesOf(served(members, 1))).load();
    const measures = performance.getEntriesByName(APPLY_PATCH_MEASURE);
    expect(measures.length).toBe(before + 1);
    expect((measures[measures.length - 1] as PerformanceMeasure).detail).toMatchObject({ attempt: 1 });
  });

  it('revalidates the three with If-None-Match: all unchanged sends nothing again and applies nothing', async () => {
    const server = coreOn(routesOf(served(members, 1)));
    await server.load();
    const before = performance.getEntriesByName(APPLY_PATCH_MEASURE).length;
    const again = await server.load(1);
    expect(again).toEqual([expect.objectContaining({ kind: 'loaded', dataset: 1, unchanged: true })]);
    expect(readOf(again)).toEqual({ path: 'split', attempts: 1, applyMs: null, fallback: null });
    for (const [url, etag] of [
      [BASE, '"b1"'],
      [PATCH, '"p1"'],
      [OWN, '"o1"'],
    ])
      expect(server.asked(url).map((request) => request.headers.get('if-none-match'))).toEqual([null, etag]);
    expect(performance.getEntriesByName(APPLY_PATCH_MEASURE).length).toBe(before);
  });

  it('applies again when only the patch and own network changed, with the base it holds', async () => {
    const parts = served(members, 1);
    const renamed = smallWorkspace();
    renamed[0] = {
      ...renamed[0],
      people: renamed[0].people.map((p, i) => (i === 0 ? { ...p, notes: 'new notes' } : p)),
    };
    const next = served(renamed, 1);
    const routes = routesOf(parts);
    const server = coreOn({
      ...routes,
      [PATCH]: (request, call) =>
        call === 0
          ? routes[PATCH](request)
          : answer(request, '"p2"', { base: '"b1"', own: '2', patch: next.patch }),
      [OWN]: (request, call) =>
        call === 0 ? routes[OWN](request) : ownAnswer(request, '"o2"', next.own, '2'),
    });
    await server.load();
    const again = await server.load(1);
    expect(loadedOf(again)).toMatchObject({ dataset: 2, unchanged: false, read: { path: 'split' } });
    expect(server.asked(BASE)[1].headers.get('if-none-match')).toBe('"b1"');
    const gil = picture(again).people.find((p) => p.firstName === 'Gil');
    expect(gil?.notes).toBe('new notes');
    expect(picture(again)).toEqual(picture(await coreOn(routesOf(next), { splitReads: false }).load()));
  });

  it('reads the three again when the patch was made for another base, and applies the pair that belongs together', async () => {
    const routes = routesOf(served(members, 1));
    const server = coreOn({
      ...routes,
      // The first answer raced a new base: it names the one to come.
      [PATCH]: (request, call) =>
        call === 0 ? answer(request, '"p0"', { base: '"b0"', own: '1', patch: {} }) : routes[PATCH](request),
    });
    const messages = await server.load();
    expect(readOf(messages)).toMatchObject({ path: 'split', attempts: 2, fallback: null });
    expect(server.asked(BASE).map((request) => request.headers.get('if-none-match'))).toEqual([null, '"b1"']);
    expect(server.asked(TEAM_URL)).toHaveLength(0);
  });

  it('reads the three again when the own network moved since the patch (an import between the reads)', async () => {
    const imported = smallWorkspace([{ firstName: 'Noa', company: 'Globex' }]);
    const before = served(members, 1);
    const after = served(imported, 1);
    const routes = routesOf(before);
    const server = coreOn({
      ...routes,
      // The own network already has the import; base and patch were made before it, then again.
      [OWN]: (request) => ownAnswer(request, '"o2"', after.own, '2'),
      [BASE]: (request, call) => (call === 0 ? routes[BASE](request) : compact(request, '"b2"', after.base)),
      [PATCH]: (request, call) =>
        call === 0
          ? routes[PATCH](request)
          : answer(request, '"p2"', { base: '"b2"', own: '2', patch: after.patch }),
    });
    const messages = await server.load();
    expect(readOf(messages)).toMatchObject({ path: 'split', attempts: 2 });
    expect(picture(messages).people.some((p) => p.firstName === 'Noa')).toBe(true);
    expect(picture(messages)).toEqual(picture(await coreOn(routesOf(after), { splitReads: false }).load()));
  });

  it('reads the three again when the patch was made for another version of your network (fields only changed)', async () => {
    // Your import moved Hal to Initech: the same people, the same ids, another version of your network.
    const moved = smallWorkspace();
    moved[0] = {
      ...moved[0],
      people: moved[0].people.map((p) => (p.firstName === 'Hal' ? { ...p, company: 'Initech' } : p)),
    };
    const before = served(members, 1);
    const after = served(moved, 1);
    // Count and ids alone take your new records for the old patch's: only the version tells them apart.
    const ownAfter = decodeNetwork(after.own as CompactNetwork).connections.slice(1);
    const mixed = applyViewerPatch(decodeNetwork(before.base as CompactNetwork), ownAfter, before.patch);
    const expected = picture(await coreOn(routesOf(after), { splitReads: false }).load());
    expect(mixed.companies).not.toEqual(decodeNetwork(after.perViewer as CompactNetwork).companies);
    const routes = routesOf(before);
    const server = coreOn({
      ...routes,
      // The own network already has the import; base and patch were made before it, then again.
      [OWN]: (request) => ownAnswer(request, '"o2"', after.own, '2'),
      [BASE]: (request, call) => (call === 0 ? routes[BASE](request) : compact(request, '"b2"', after.base)),
      [PATCH]: (request, call) =>
        call === 0
          ? routes[PATCH](request)
          : answer(request, '"p2"', { base: '"b2"', own: '2', patch: after.patch }),
    });
    const messages = await server.load();
    expect(readOf(messages)).toMatchObject({ path: 'split', attempts: 2, fallback: null });
    expect(server.asked(PATCH).map((request) => request.headers.get('if-none-match'))).toEqual([
      null,
      '"p1"',
    ]);
    expect(picture(messages)).toEqual(expected);
    const hal = picture(messages).people.find((p) => p.firstName === 'Hal' && p.knownBy[0] === 1);
    expect(hal?.company).toBe('Initech');
  });

  it(`falls back to the per-viewer route when the patch never names your network's version`, async () => {
    const parts = served(members, 1);
    const routes = routesOf(parts);
    const server = coreOn({
      ...routes,
      [PATCH]: (request) => answer(request, '"p0"', { base: '"b1"', own: '0', patch: parts.patch }),
    });
    const messages = await server.load();
    expect(server.asked(OWN)).toHaveLength(SPLIT_ATTEMPTS);
    expect(server.asked(TEAM_URL)).toHaveLength(1);
    expect(readOf(messages)).toEqual({
      path: 'route',
      attempts: SPLIT_ATTEMPTS,
      applyMs: null,
      fallback: 'the patch was made for your network version 0, not 1',
    });
    expect(picture(messages)).toEqual(picture(await coreOn(routes, { splitReads: false }).load()));
  });

  it.each([
    [
      'an own network without X-Network-Version',
      OWN,
      (r: Request) => compact(r, '"o1"', served(members, 1).own),
    ],
    [
      'a patch without the version of your network',
      PATCH,
      (r: Request) => answer(r, '"p1"', { base: '"b1"', patch: served(members, 1).patch }),
    ],
  ])('falls back at once on %s', async (_, url, route) => {
    const server = coreOn({ ...routesOf(served(members, 1)), [url]: route });
    const messages = await server.load();
    expect(readOf(messages)).toMatchObject({ path: 'route', attempts: 1 });
    expect(readOf(messages).fallback).toContain(url);
    expect(server.asked(TEAM_URL)).toHaveLength(1);
  });

  it('takes a base whose ETag a proxy weakened as the base the patch names', async () => {
    const parts = served(members, 1);
    const routes = routesOf(parts, { base: 'W/"b1"', patch: '"p1"', own: '"o1"' });
    const server = coreOn({
      ...routes,
      [PATCH]: (request) => answer(request, '"p1"', { base: '"b1"', own: '1', patch: parts.patch }),
    });
    expect(readOf(await server.load())).toMatchObject({ path: 'split', attempts: 1 });
  });

  it(`falls back to the per-viewer route after ${SPLIT_ATTEMPTS} reads that never belong together`, async () => {
    const parts = served(members, 1);
    const routes = routesOf(parts);
    const server = coreOn({
      ...routes,
      [PATCH]: (request) => answer(request, '"p0"', { base: '"b0"', own: '1', patch: parts.patch }),
    });
    const messages = await server.load();
    expect(server.asked(BASE)).toHaveLength(SPLIT_ATTEMPTS);
    expect(server.asked(TEAM_URL)).toHaveLength(1);
    expect(readOf(messages)).toEqual({
      path: 'route',
      attempts: SPLIT_ATTEMPTS,
      applyMs: null,
      fallback: 'the patch was made for the base "b0", not "b1"',
    });
    expect(picture(messages)).toEqual(picture(await coreOn(routes, { splitReads: false }).load()));
  });

  it('falls back when applyViewerPatch refuses the three every time, saying why', async () => {
    const parts = served(members, 1);
    // A patch for someone else's records: the own network never matches it.
    const server = coreOn({
      ...routesOf(parts),
      [OWN]: (request) => ownAnswer(request, '"o1"', served(members, 2).own, '1'),
    });
    const messages = await server.load();
    expect(readOf(messages)).toMatchObject({
      path: 'route',
      fallback: "The viewer patch was made for another version of the viewer's records",
    });
    expect(loadedOf(messages).unchanged).toBe(false);
  });

  it('falls back at once when one of the three routes fails, and revalidates the fallback with its ETag', async () => {
    const routes = routesOf(served(members, 1));
    const server = coreOn({ ...routes, [PATCH]: () => new Response('busy', { status: 503 }) });
    const first = await server.load();
    expect(readOf(first)).toMatchObject({ path: 'route', attempts: 1, fallback: `${PATCH}: 503` });
    const again = await server.load(1);
    expect(server.asked(TEAM_URL).map((request) => request.headers.get('if-none-match'))).toEqual([
      null,
      '"v1"',
    ]);
    expect(loadedOf(again)).toMatchObject({ dataset: 1, unchanged: true });
  });

  it("answers a non-member with the workspace's not-found, as the per-viewer route always did", async () => {
    const notFound = () =>
      new Response(JSON.stringify({ statusCode: 404, message: 'Workspace not found' }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      });
    const server = coreOn({
      ...routesOf(served(members, 1)),
      [BASE]: notFound,
      [PATCH]: notFound,
      [TEAM_URL]: notFound,
    });
    expect(await server.load()).toEqual([
      {
        id: 1,
        kind: 'failed',
        failure: { status: 404, data: { statusCode: 404, message: 'Workspace not found' } },
      },
    ]);
  });

  it('revalidates the own network the dashboard read instead of reading it again, keeping its version', async () => {
    const server = coreOn(routesOf(served(members, 1)));
    await server.loadOwn();
    // The 304 names no version: the one the dashboard's read said is kept with its people.
    expect(readOf(await server.load())).toMatchObject({ path: 'split', attempts: 1, fallback: null });
    expect(server.asked(OWN).map((request) => request.headers.get('if-none-match'))).toEqual([null, '"o1"']);
  });

  it('reads your own network again when the dashboard read it without a version', async () => {
    const parts = served(members, 1);
    const routes = routesOf(parts);
    const server = coreOn({
      ...routes,
      [OWN]: (request, call) => (call === 0 ? compact(request, '"o0"', parts.own) : routes[OWN](request)),
    });
    await server.loadOwn();
    expect(readOf(await server.load())).toMatchObject({ path: 'split', attempts: 1, fallback: null });
    expect(server.asked(OWN).map((request) => request.headers.get('if-none-match'))).toEqual([null, null]);
  });

  it('reads your own network from its route alone', async () => {
    const own = served(members, 1).own;
    const core = new NetworkDataCore(async (input) => compact(input as Request, '"o1"', own));
    const messages: DataResponse[] = [];
    await core.handle({ id: 1, kind: 'load', url: OWN, held: null }, (m) => messages.push(m));
    expect(readOf(messages)).toEqual({ path: 'route', attempts: 0, applyMs: null, fallback: null });
  });
});

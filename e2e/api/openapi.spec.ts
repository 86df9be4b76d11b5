import { expect, test } from '@playwright/test';
import { API_ROUTES, findOpenApiProblems } from '@warmpath/contracts';

// docs/api.md: the OpenAPI document and its browsable reference, as the running gateway serves them.
test('serves a valid OpenAPI 3.1 document of every /api route, signed out', async ({ request }) => {
  const response = await request.get('/api/openapi.json');
  expect(response.status()).toBe(200);
  const document = (await response.json()) as {
    openapi: string;
    paths: Record<string, Record<string, unknown>>;
  };
  expect(document.openapi).toMatch(/^3\.1\./);
  expect(findOpenApiProblems(document)).toEqual([]);
  for (const route of API_ROUTES) expect(document.paths[route.path]?.[route.method]).toBeDefined();
});

test('renders the reference at /api/docs with every route, from nothing but this server', async ({
  request,
}) => {
  const response = await request.get('/api/docs');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('text/html');
  const html = await response.text();
  for (const route of API_ROUTES) expect(html).toContain(`<code>${route.path}</code>`);
  expect(html).not.toMatch(/<script|<link|src="http|href="http/);
});

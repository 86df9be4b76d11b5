import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { API_ROUTES } from './api-routes.js';
import { buildOpenApiDocument } from './openapi.js';
import { findOpenApiProblems } from './openapi-structure.js';

type Operation = { parameters: { name: string }[]; responses: Record<string, unknown>; security: unknown[] };
type Doc = { paths: Record<string, Record<string, Operation>> };
const document = buildOpenApiDocument(API_ROUTES, '1.2.3') as unknown as Doc;

/** The operation at a path and method; a missing one fails the test that asked for it. */
function operationOf(doc: Doc, path: string, method: string): Operation {
  const operation = doc.paths[path]?.[method];
  if (!operation) throw new Error(`the document has no ${method.toUpperCase()} ${path}`);
  return operation;
}

describe('the OpenAPI document', () => {
  it('validates as OpenAPI 3.1: structure, references, path parameters, security schemes', () => {
    expect(findOpenApiProblems(document)).toEqual([]);
  });

  it('has every declared route, each with its error envelope', () => {
    for (const route of API_ROUTES) {
      const op = document.paths[route.path]?.[route.method];
      expect(op).toBeDefined();
      expect(op?.responses.default).toEqual({ $ref: '#/components/responses/Error' });
    }
    expect(API_ROUTES.length).toBe(new Set(API_ROUTES.map((r) => `${r.method} ${r.path}`)).size);
  });

  it('documents Prefer: respond-async and Idempotency-Key on the import routes, with the 202 status and events URLs', () => {
    const op = operationOf(document, '/api/network/import/authenticated', 'post');
    expect(op.parameters.map((p) => p.name)).toEqual(['Prefer', 'Idempotency-Key']);
    const accepted = JSON.stringify(op.responses['202']);
    expect(accepted).toContain('statusUrl');
    expect(accepted).toContain('eventsUrl');
  });

  it('documents Idempotency-Key and its 409 on the bulk upload', () => {
    const op = operationOf(document, '/api/teams/{id}/bulk-imports', 'post');
    expect(op.parameters.map((p) => p.name)).toEqual(['id', 'Idempotency-Key']);
    expect(op.responses['409']).toEqual({ $ref: '#/components/responses/Error409' });
  });

  it('names the scope a token needs, and offers session routes to sessions only', () => {
    expect(operationOf(document, '/api/network', 'get').security).toEqual([
      { session: [] },
      { accessToken: ['network:read'] },
    ]);
    expect(operationOf(document, '/api/tokens', 'post').security).toEqual([{ session: [] }]);
    expect(operationOf(document, '/api/login', 'post').security).toEqual([]);
  });

  it('finds what is wrong with a broken document', () => {
    const broken = structuredClone(document) as unknown as Record<string, unknown> & Doc;
    broken.openapi = '3.0.0';
    expect(findOpenApiProblems(broken)).toEqual([
      'openapi: Invalid string: must match pattern /^3\\.1\\.\\d+$/',
    ]);
    const dangling = structuredClone(document) as Doc;
    operationOf(dangling, '/api/user', 'get').responses['418'] = { $ref: '#/components/responses/Teapot' };
    expect(findOpenApiProblems(dangling)).toEqual([
      '#/paths//api/user/get/responses/418: $ref #/components/responses/Teapot does not resolve',
    ]);
    const unnamed = structuredClone(document) as Doc;
    operationOf(unnamed, '/api/teams/{id}', 'get').parameters = [];
    expect(findOpenApiProblems(unnamed)).toEqual([
      'GET /api/teams/{id}: path parameters  do not match the template',
    ]);
  });

  it('describes requests as accepted and replies as sent (transforms included)', () => {
    const schema = z.object({ name: z.string().transform((s) => s.length) });
    const doc = buildOpenApiDocument(
      [
        {
          method: 'post',
          path: '/api/x',
          tag: 'X',
          summary: 'x',
          access: 'session',
          body: { contentType: 'application/json', schema },
          responses: { 200: { description: 'ok', schema } },
        },
      ],
      '1',
    );
    expect(findOpenApiProblems(doc)).toEqual([]);
    expect(JSON.stringify(doc)).toContain('"name":{"type":"string"}');
  });
});

import { z } from 'zod';

/**
 * The structure of an OpenAPI 3.1 document, as far as this API uses it (the OpenAPI Initiative's
 * rules for the objects below: required fields, allowed values, response keys). With
 * `findOpenApiProblems` it is the check the tests run: no validator package is needed.
 */
const ref = z.object({ $ref: z.string().startsWith('#/') }).strict();
const schemaObject = z.record(z.string(), z.unknown());
const mediaType = z.object({ schema: schemaObject.optional(), example: z.unknown().optional() }).strict();
const header = z.object({ description: z.string().optional(), schema: schemaObject }).strict();
const response = z.union([
  ref,
  z
    .object({
      description: z.string(),
      content: z.record(z.string().regex(/^[\w.+-]+\/[\w.+*-]+$/), mediaType).optional(),
      headers: z.record(z.string(), header).optional(),
    })
    .strict(),
]);
const parameter = z
  .object({
    name: z.string().min(1),
    in: z.enum(['query', 'header', 'path', 'cookie']),
    required: z.boolean().optional(),
    description: z.string().optional(),
    schema: schemaObject,
  })
  .strict()
  .refine((p) => p.in !== 'path' || p.required === true, 'path parameters must be required');
const securityRequirement = z.record(z.string(), z.array(z.string()));
const operation = z
  .object({
    operationId: z.string().min(1),
    tags: z.array(z.string()).optional(),
    summary: z.string().optional(),
    description: z.string().optional(),
    security: z.array(securityRequirement).optional(),
    parameters: z.array(parameter).optional(),
    requestBody: z
      .object({ required: z.boolean().optional(), content: z.record(z.string(), mediaType) })
      .strict()
      .optional(),
    responses: z
      .record(z.string().regex(/^(default|[1-5](\d\d|XX))$/), response)
      .refine((r) => Object.keys(r).length > 0, 'an operation needs at least one response'),
  })
  .catchall(z.unknown())
  .refine((op) => Object.keys(op).every((k) => !k.startsWith('x') || k.startsWith('x-')));
const pathItem = z
  .object({
    get: operation.optional(),
    put: operation.optional(),
    post: operation.optional(),
    delete: operation.optional(),
    patch: operation.optional(),
    options: operation.optional(),
    head: operation.optional(),
  })
  .strict();
const securityScheme = z.union([
  z
    .object({
      type: z.literal('apiKey'),
      in: z.enum(['query', 'header', 'cookie']),
      name: z.string(),
      description: z.string().optional(),
    })
    .strict(),
  z
    .object({
      type: z.literal('http'),
      scheme: z.string(),
      bearerFormat: z.string().optional(),
      description: z.string().optional(),
    })
    .strict(),
]);

export const openApiDocumentStructure = z
  .object({
    openapi: z.string().regex(/^3\.1\.\d+$/),
    info: z.object({ title: z.string(), version: z.string(), description: z.string().optional() }).strict(),
    servers: z.array(z.object({ url: z.string() }).strict()).optional(),
    tags: z.array(z.object({ name: z.string(), description: z.string().optional() }).strict()).optional(),
    paths: z.record(z.string().regex(/^\/\S*$/), pathItem),
    components: z
      .object({
        schemas: z.record(z.string().regex(/^[\w.-]+$/), schemaObject).optional(),
        responses: z.record(z.string().regex(/^[\w.-]+$/), response).optional(),
        securitySchemes: z.record(z.string(), securityScheme).optional(),
      })
      .strict(),
  })
  .strict();

/** Everything wrong with a document: its structure, dangling `$ref`s, undeclared path parameters and schemes, duplicate operation ids. */
export function findOpenApiProblems(document: unknown): string[] {
  const parsed = openApiDocumentStructure.safeParse(document);
  if (!parsed.success) return parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  const doc = parsed.data;
  const problems: string[] = [];
  const resolve = (pointer: string): unknown =>
    pointer
      .slice(2)
      .split('/')
      .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], doc);
  const visit = (node: unknown, at: string): void => {
    if (Array.isArray(node)) return node.forEach((item, i) => visit(item, `${at}/${i}`));
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && resolve(value) === undefined)
        problems.push(`${at}: $ref ${value} does not resolve`);
      visit(value, `${at}/${key}`);
    }
  };
  visit(doc, '#');
  const ids = new Set<string>();
  const schemes = Object.keys(doc.components.securitySchemes ?? {});
  for (const [path, item] of Object.entries(doc.paths)) {
    const templated = [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name);
    for (const [method, op] of Object.entries(item)) {
      if (!op) continue;
      const where = `${method.toUpperCase()} ${path}`;
      if (ids.has(op.operationId)) problems.push(`${where}: duplicate operationId ${op.operationId}`);
      ids.add(op.operationId);
      const declared = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      if (templated.sort().join() !== declared.sort().join())
        problems.push(`${where}: path parameters ${declared.join()} do not match the template`);
      const seen = new Set((op.parameters ?? []).map((p) => `${p.in}:${p.name}`));
      if (seen.size !== (op.parameters ?? []).length)
        problems.push(`${where}: a parameter is declared twice`);
      for (const requirement of op.security ?? [])
        for (const scheme of Object.keys(requirement))
          if (!schemes.includes(scheme)) problems.push(`${where}: unknown security scheme ${scheme}`);
    }
  }
  return problems;
}

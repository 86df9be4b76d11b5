type Json = Record<string, unknown>;
type Schema = Json & {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  $ref?: string;
  description?: string;
  additionalProperties?: Schema | boolean;
};
interface Operation {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  parameters?: { name: string; in: string; required?: boolean; description?: string; schema: Schema }[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
  responses: Record<
    string,
    { $ref?: string; description?: string; content?: Record<string, { schema?: Schema }> }
  >;
  'x-token-scope'?: string;
}

const escape = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The little Markdown the document's descriptions use: `code` and **bold**, paragraphs. */
const prose = (text = ''): string =>
  text
    .split(/\n\n+/)
    .map(
      (paragraph) =>
        `<p>${escape(paragraph)
          .replace(/`([^`]+)`/g, '<code>$1</code>')
          .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')}</p>`,
    )
    .join('');

function typeOf(schema: Schema): string {
  if (schema.$ref) return schema.$ref.split('/').pop() ?? 'object';
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.map(typeOf).join(' | ');
  if (schema.type === 'array') return `${schema.items ? typeOf(schema.items) : 'any'}[]`;
  if (Array.isArray(schema.type)) return schema.type.join(' | ');
  return schema.type ?? 'any';
}

/** A schema as a nested list of its fields, to a bounded depth. */
function renderSchema(schema: Schema | undefined, depth = 0): string {
  if (!schema || depth > 6) return '';
  const variants = (schema.anyOf ?? schema.oneOf ?? []).filter((v) => v.type !== 'null');
  if (variants.length === 1) return renderSchema(variants[0], depth);
  if (schema.type === 'array' && schema.items) return renderSchema(schema.items, depth);
  if (!schema.properties) return '';
  const rows = Object.entries(schema.properties).map(([name, field]) => {
    const required = schema.required?.includes(name) ? '' : '<span class="opt">optional</span>';
    const about = field.description ? ` — ${escape(field.description)}` : '';
    return `<li><code>${escape(name)}</code> <span class="type">${escape(typeOf(field))}</span> ${required}${about}${renderSchema(field, depth + 1)}</li>`;
  });
  return `<ul class="schema">${rows.join('')}</ul>`;
}

function renderContent(content: Record<string, { schema?: Schema }> | undefined, doc: Json): string {
  return Object.entries(content ?? {})
    .map(([type, media]) => {
      const schema = media.schema?.$ref ? (resolve(doc, media.schema.$ref) as Schema) : media.schema;
      return `<div class="media"><span class="ctype">${escape(type)}</span> <span class="type">${escape(media.schema ? typeOf(media.schema) : '')}</span>${renderSchema(schema)}</div>`;
    })
    .join('');
}

const resolve = (doc: Json, ref: string): unknown =>
  ref
    .slice(2)
    .split('/')
    .reduce<unknown>((node, key) => (node as Json | undefined)?.[key], doc);

function renderOperation(method: string, path: string, op: Operation, doc: Json): string {
  const scope = op['x-token-scope'] ? `<span class="scope">token: ${escape(op['x-token-scope'])}</span>` : '';
  const params = (op.parameters ?? [])
    .map(
      (p) =>
        `<tr><td><code>${escape(p.name)}</code></td><td>${p.in}</td><td>${escape(typeOf(p.schema))}</td><td>${p.required ? 'yes' : ''}</td><td>${escape(p.description ?? '')}</td></tr>`,
    )
    .join('');
  const responses = Object.entries(op.responses)
    .map(([status, answer]) => {
      const resolved = (answer.$ref ? resolve(doc, answer.$ref) : answer) as Operation['responses'][string];
      return `<li><strong>${status}</strong> ${escape(resolved?.description ?? '')}${renderContent(resolved?.content, doc)}</li>`;
    })
    .join('');
  return `<details class="op" id="${escape(op.operationId)}">
<summary><span class="method ${method}">${method.toUpperCase()}</span> <code>${escape(path)}</code> <span class="summary">${escape(op.summary)}</span>${scope}</summary>
${prose(op.description)}
${params ? `<h4>Parameters</h4><table><tr><th>name</th><th>in</th><th>type</th><th>required</th><th></th></tr>${params}</table>` : ''}
${op.requestBody ? `<h4>Request body</h4>${renderContent(op.requestBody.content, doc)}` : ''}
<h4>Responses</h4><ul class="responses">${responses}</ul>
</details>`;
}

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1f2328;background:#fff}
main{max-width:1000px;margin:0 auto;padding:24px}nav a{margin-right:12px}
code{font:13px ui-monospace,monospace;background:#f3f4f6;padding:1px 4px;border-radius:4px}
details.op{border:1px solid #d0d7de;border-radius:6px;margin:8px 0;padding:6px 10px}
summary{cursor:pointer}.method{display:inline-block;min-width:60px;font-weight:600;color:#fff;border-radius:4px;text-align:center;font-size:12px;padding:1px 0}
.get{background:#0969da}.post{background:#1a7f37}.put{background:#9a6700}.patch{background:#8250df}.delete{background:#cf222e}
.summary{color:#57606a}.scope{float:right;font-size:12px;border:1px solid #0969da;color:#0969da;border-radius:10px;padding:0 8px}
.type{color:#8250df;font:12px ui-monospace,monospace}.opt{color:#6e7781;font-size:12px}.ctype{font-weight:600;font-size:13px}
ul.schema{margin:2px 0 2px 4px;padding-left:16px;border-left:1px solid #d0d7de}table{border-collapse:collapse}
td,th{border:1px solid #d0d7de;padding:2px 8px;font-size:13px;text-align:left}
@media (prefers-color-scheme:dark){body{background:#0d1117;color:#e6edf3}code{background:#161b22}details.op{border-color:#30363d}}`;

/** The OpenAPI document as one self-contained HTML page: no script, nothing fetched from elsewhere. */
export function renderApiReference(doc: Json): string {
  const info = doc.info as { title: string; version: string; description?: string };
  const paths = doc.paths as Record<string, Record<string, Operation>>;
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries(paths))
    for (const [method, op] of Object.entries(item)) {
      const tag = op.tags[0] ?? 'Other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), renderOperation(method, path, op, doc)]);
    }
  const sections = [...byTag]
    .map(
      ([tag, ops]) => `<section id="tag-${escape(tag)}"><h2>${escape(tag)}</h2>${ops.join('\n')}</section>`,
    )
    .join('\n');
  const nav = [...byTag.keys()].map((tag) => `<a href="#tag-${escape(tag)}">${escape(tag)}</a>`).join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(info.title)} reference</title><style>${STYLE}</style></head>
<body><main><h1>${escape(info.title)} <small>${escape(info.version)}</small></h1>
<p><a href="/api/openapi.json">OpenAPI 3.1 document (openapi.json)</a></p>${prose(info.description)}
<nav>${nav}</nav>
${sections}
</main></body></html>`;
}

import type { Connection, Relationship } from '@warmpath/contracts';
import { fullName } from '@warmpath/domain';

// Characters XML 1.0 cannot carry at all (C0 controls other than tab, LF, CR; lone surrogates; U+FFFE/F).
// prettier-ignore
// eslint-disable-next-line no-control-regex
const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text safe inside an XML attribute value. */
export function xmlAttribute(value: string): string {
  return value
    .replace(XML_INVALID, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\t/g, '&#9;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;');
}

const NODE_ATTRIBUTES = [
  { title: 'company', type: 'string', value: (c: Connection) => c.company },
  { title: 'position', type: 'string', value: (c: Connection) => c.position },
  { title: 'degree', type: 'integer', value: (c: Connection) => c.connectionDegree },
  { title: 'yearsConnected', type: 'double', value: (c: Connection) => c.yearsConnected },
  { title: 'category', type: 'string', value: (c: Connection) => c.positionInfo?.category ?? null },
  { title: 'seniority', type: 'integer', value: (c: Connection) => c.positionInfo?.seniority ?? null },
  { title: 'isYou', type: 'boolean', value: (c: Connection) => c.isUser },
] as const;

const EDGE_ATTRIBUTES = [
  { title: 'type', type: 'string', value: (r: Relationship) => r.type },
  { title: 'company', type: 'string', value: (r: Relationship) => r.company },
] as const;

type Value = string | number | boolean | null;

function attributeDeclarations(
  kind: 'node' | 'edge',
  attributes: readonly { title: string; type: string }[],
): string {
  const lines = attributes.map((a, i) => `      <attribute id="${i}" title="${a.title}" type="${a.type}"/>`);
  return `    <attributes class="${kind}">\n${lines.join('\n')}\n    </attributes>`;
}

function attributeValues<T>(item: T, attributes: readonly { value: (item: T) => Value }[]): string {
  const values: string[] = [];
  attributes.forEach((attribute, i) => {
    const value = attribute.value(item);
    if (value !== null && value !== '')
      values.push(`<attvalue for="${i}" value="${xmlAttribute(String(value))}"/>`);
  });
  return values.length ? `<attvalues>${values.join('')}</attvalues>` : '';
}

/**
 * The current (filtered) graph as GEXF 1.3 for Gephi: people with their company, position,
 * degree, years, category and seniority; links weighted by strength. Only links whose both ends
 * are in the file are written, as Gephi refuses dangling edges.
 */
export function networkToGexf(
  connections: readonly Connection[],
  relationships: readonly Relationship[],
  now = new Date(),
): string {
  const ids = new Set(connections.map((c) => c.id));
  const nodes = connections.map(
    (c) =>
      `      <node id="${xmlAttribute(c.id)}" label="${xmlAttribute(c.isUser ? 'YOU' : fullName(c) || c.id)}">${attributeValues(c, NODE_ATTRIBUTES)}</node>`,
  );
  const edges = relationships
    .filter((r) => ids.has(r.sourceId) && ids.has(r.targetId))
    .map(
      (r) =>
        `      <edge id="${xmlAttribute(r.id)}" source="${xmlAttribute(r.sourceId)}" target="${xmlAttribute(r.targetId)}" weight="${r.strength}">${attributeValues(r, EDGE_ATTRIBUTES)}</edge>`,
    );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<gexf xmlns="http://gexf.net/1.3" version="1.3">',
    `  <meta lastmodifieddate="${now.toISOString().slice(0, 10)}"><creator>Warmpath</creator><description>Professional network</description></meta>`,
    '  <graph mode="static" defaultedgetype="undirected">',
    attributeDeclarations('node', NODE_ATTRIBUTES),
    attributeDeclarations('edge', EDGE_ATTRIBUTES),
    '    <nodes>',
    ...nodes,
    '    </nodes>',
    '    <edges>',
    ...edges,
    '    </edges>',
    '  </graph>',
    '</gexf>',
    '',
  ].join('\n');
}
